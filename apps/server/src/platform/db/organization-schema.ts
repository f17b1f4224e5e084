import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { OrganizationRole } from '@meridian/domain/auth/organization';
import { createdAt, users } from './schema';

/**
 * A group of users that can share one default smart cluster (`default_shared_for_org_uuid`; a
 * unique index on smart_clusters keeps it one).
 */
export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** Who belongs to an organisation; its admins manage members and its shared smart cluster. */
export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<OrganizationRole>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    index('organization_members_user_idx').on(table.userId),
  ],
);
