import { z } from 'zod';
import { hasNoNul } from '../request-fields';

/**
 * A smart cluster's credentials: the kubeconfig tokens Meridian issued for its simulated member
 * clusters (`POST /cluster/clusters/{id}/credentials` rotates them) and the password of its
 * monitoring pages (`PUT /cluster/clusters/{id}/monitoring_password` changes it, `POST` rotates
 * it to a generated one).
 */

/** The one username of every monitoring page (spec "Generated monitoring password"). */
export const monitoringUsername = 'admin';

/** The shortest monitoring password a user may choose (a generated one has 16 characters). */
export const monitoringPasswordMinLength = 12;
/** As long as one given at creation may be. */
export const monitoringPasswordMaxLength = 200;

export const credentialsMessages = {
  passwordRequired: 'Please provide a monitoring password.',
  passwordTooShort: `The monitoring password must be at least ${monitoringPasswordMinLength} characters long.`,
  passwordTooLong: `The monitoring password must be at most ${monitoringPasswordMaxLength} characters long.`,
  passwordNul: 'The monitoring password cannot contain a NUL character.',
  externalCredentials:
    'Meridian did not issue the credentials of an external cluster: rotate them on the cluster itself, then add it again with its new kubeconfig.',
  externalMonitoring:
    'An external cluster has no monitoring password: Meridian does not serve its monitoring page.',
  rotateInProgress:
    'The credentials can be rotated once the smart cluster’s current operation finishes.',
  nothingToRotate:
    'None of this smart cluster’s clusters is running, so it has no credentials to rotate.',
  signInLinkUsed:
    'This sign-in link has expired or was already used. Open Monitoring again from the console, or sign in with username admin and the monitoring password.',
} as const;

/** `PUT /cluster/clusters/{id}/monitoring_password`: the new password, username staying admin. */
export const monitoringPasswordChangeSchema = z.object({
  password: z
    .string({ error: credentialsMessages.passwordRequired })
    // Counted in characters as people count them, not in UTF-16 units.
    .refine((password) => [...password].length >= monitoringPasswordMinLength, {
      message: credentialsMessages.passwordTooShort,
      abort: true,
    })
    .refine((password) => [...password].length <= monitoringPasswordMaxLength, {
      message: credentialsMessages.passwordTooLong,
      abort: true,
    })
    .refine(hasNoNul, credentialsMessages.passwordNul),
});

export type MonitoringPasswordChange = z.infer<typeof monitoringPasswordChangeSchema>;

/** What both calls answer once done: 204, no body. */
export const credentialsChangedSchema = z.undefined();

/** `POST /cluster/clusters/{id}/monitoring_password`: the generated password, answered this once. */
export const monitoringPasswordRotatedSchema = z.object({
  username: z.string(),
  password: z.string(),
});

export type MonitoringPasswordRotated = z.infer<typeof monitoringPasswordRotatedSchema>;

/**
 * `POST /monitoring/clusters/{clusterId}/sign_in_link`: a link that opens the member's monitoring
 * page once, signed in, without the password; relative to the console's origin.
 */
export const monitoringSignInLinkSchema = z.object({
  url: z.string(),
  expires_at: z.string(),
});

export type MonitoringSignInLink = z.infer<typeof monitoringSignInLinkSchema>;
