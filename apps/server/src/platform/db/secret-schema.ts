import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './schema';

/**
 * The salt a passphrase given as MERIDIAN_SECRET_KEY is stretched with (scrypt): one row, made
 * by the first process to need it, the same for every process on the database.
 */
export const secretKeySalt = pgTable('secret_key_salt', {
  id: integer('id').primaryKey().default(1),
  salt: text('salt').notNull(),
});

/**
 * The local certificate authority that signs https_enable certificates (architecture "Embedded default"'s
 * embedded default). Kept in the database rather than the data dir so every server process
 * signs with the same one; its key is sealed like every other secret.
 */
export const certificateAuthorities = pgTable('certificate_authorities', {
  id: integer('id').primaryKey(),
  certificatePem: text('certificate_pem').notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  createdAt: createdAt(),
});
