import { z } from 'zod';
import { loginSchema } from './login';

/**
 * `POST /auth/users/private_key` body: the credentials again, with the login form's messages
 * (spec "Validation rules" keypair verification).
 */
export const keypairVerificationSchema = loginSchema;

export type KeypairVerificationInput = z.infer<typeof keypairVerificationSchema>;

/** `GET /auth/users/public_key`: the OpenSSH public key line. */
export const publicKeyResultSchema = z.object({ public_key: z.string() });

/** `POST /auth/users/private_key`: the OpenSSH private key file. */
export const privateKeyResultSchema = z.object({ private_key: z.string() });

/** Name of the user's keypair in datacenters (Heat's keypair_name); stable per user. */
export function keypairNameOf(userId: string): string {
  return `meridian-${userId.slice(0, 8)}`;
}
