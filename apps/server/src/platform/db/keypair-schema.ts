import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, users } from './schema';

/** One SSH keypair per user (ed25519), made on first use; Heat stacks get it as keypair_name. */
export const userKeypairs = pgTable('user_keypairs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The name the key goes by in datacenters (Heat's keypair_name). */
  keyName: text('key_name').notNull(),
  /** OpenSSH form: `ssh-ed25519 AAAA… comment`. */
  publicKey: text('public_key').notNull(),
  /** AES-256-GCM sealed (lib/secret-box); never stored or logged in plain text. */
  privateKeySealed: text('private_key_sealed').notNull(),
  createdAt: createdAt(),
});

export type UserKeypairRow = typeof userKeypairs.$inferSelect;
