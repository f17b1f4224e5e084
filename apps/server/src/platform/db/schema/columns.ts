// Columns every owner's tables repeat.
import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A required reference to a parent row: the row goes when its parent does (ON DELETE CASCADE). */
export const belongsTo = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' });
