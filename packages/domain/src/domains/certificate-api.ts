import { z } from 'zod';

/**
 * A deployment's certificate and where its lifecycle stands (`GET /certificate/deployments/{id}`,
 * docs/certificates.md), shared by server and console.
 *
 * - `valid`: issued, not yet due for renewal, or renewed.
 * - `renewing`: an order (the first one, or a renewal) is under way.
 * - `failed`: the last order failed; the renewal round tries again after a back-off.
 * - `expiring`: renewal keeps failing and fewer than 14 days are left.
 * - `expired`: past `not_after`.
 */
export const certificateStatuses = ['valid', 'renewing', 'expiring', 'expired', 'failed'] as const;
export type CertificateStatus = (typeof certificateStatuses)[number];

export const certificateSchema = z.object({
  uuid: z.uuid(),
  deployment_uuid: z.uuid(),
  domain_names: z.array(z.string()),
  /** The issuing authority as the leaf names it; null until the first order completes. */
  issuer: z.string().nullable(),
  not_before: z.iso.datetime({ offset: true }).nullable(),
  not_after: z.iso.datetime({ offset: true }).nullable(),
  status: z.enum(certificateStatuses),
  /** Why the last order failed, in words; null once one succeeds. */
  last_error: z.string().nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** Days before expiry at which an owner whose renewal keeps failing is warned. */
export const certificateWarningDays = [14, 7, 1] as const;

/** Who signs new certificates (`GET /certificate/authority`): the console says what it means. */
export const certificateAuthoritySchema = z.object({ kind: z.enum(['local', 'acme']) });
export type CertificateAuthority = z.infer<typeof certificateAuthoritySchema>;
