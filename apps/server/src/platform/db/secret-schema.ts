import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The salt a passphrase given as MERIDIAN_SECRET_KEY is stretched with (scrypt): one row, made
 * by the first process to need it, the same for every process on the database.
 */
export const secretKeySalt = pgTable('secret_key_salt', {
  id: integer('id').primaryKey().default(1),
  salt: text('salt').notNull(),
});
