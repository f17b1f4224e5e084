// zod/mini: the console's first page parses error bodies, and classic zod would triple its script.
import { z } from 'zod/mini';

/** Every error response of the control plane: `errors` carries the spec "Validation rules" messages on a 400. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.optional(z.array(z.string())),
  /** On a 500 only: the id the server's log line carries, to quote to support. */
  request_id: z.optional(z.string()),
  /** On a 409 that a rollout under way causes: that rollout, to follow or abort. */
  rollout_uuid: z.optional(z.string()),
  /** On a login's 401: the password was right, the authenticator app's code is wanted. */
  two_factor_required: z.optional(z.literal(true)),
  /** On a 409 adding a domain another account holds: the TXT record proving control (docs/domains.md). */
  verification: z.optional(
    z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
  ),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A 429's message: what happened and when to try again ("Too many attempts — try again in 42 s"). */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many attempts — try again in ${retryAfterSeconds} s`;
}
