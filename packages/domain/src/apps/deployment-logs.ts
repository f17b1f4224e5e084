import { z } from 'zod';

/**
 * A deployment's pod logs (docs/deployment-lifecycle.md "Logs"): the last lines over HTTP, and a
 * live tail over the realtime socket.
 */

export const logTailLimits = { min: 1, max: 5000, default: 200 } as const;

export const deploymentLogMessages = {
  tail: 'tail must be a whole number from 1 to 5000',
  notFound: 'Deployment not found',
  heat: 'Only Kubernetes deployments have pod logs',
  unknownLocation: (location: string) =>
    `"${location}" is not a location of this deployment's version on its smart cluster`,
  unreachable: (location: string) =>
    `The logs of ${location} cannot be read right now: its cluster API did not answer. Try again shortly.`,
  tooManyFollows: 'You are already following 5 logs here; stop one first',
  notStarted: 'Sign in on this connection first',
  badFollow: 'Say which deployment to follow (deployment_uuid)',
} as const;

/** One line a container wrote, with when (RFC 3339) and where. */
export const logLineSchema = z.object({
  at: z.string(),
  pod: z.string(),
  container: z.string(),
  text: z.string(),
});
export type LogLine = z.infer<typeof logLineSchema>;

/** `tail` as a query parameter: a whole number from 1 to 5000, 200 when left out. */
export const logTailSchema = z.coerce
  .number({ error: deploymentLogMessages.tail })
  .int({ error: deploymentLogMessages.tail })
  .min(logTailLimits.min, { error: deploymentLogMessages.tail })
  .max(logTailLimits.max, { error: deploymentLogMessages.tail });

/** `GET /meridian/v1/kube/apps/deployment/{deploymentId}/logs` query. */
export const deploymentLogsQuerySchema = z.object({
  location: z.string().trim().min(1).max(200).optional(),
  tail: logTailSchema.default(logTailLimits.default),
});
export type DeploymentLogsQuery = z.infer<typeof deploymentLogsQuerySchema>;

/** Its answer: the lines of one location, oldest first. */
export const deploymentLogsSchema = z.object({
  deployment_uuid: z.string(),
  location: z.string(),
  datacenter_uuid: z.string(),
  lines: z.array(logLineSchema),
});
export type DeploymentLogs = z.infer<typeof deploymentLogsSchema>;

/** The live tail's socket events (on the realtime channel, after its start message). */
export const logSocketEvents = {
  follow: 'logs follow',
  unfollow: 'logs unfollow',
  lines: 'logs lines',
} as const;

/** Most live tails one socket may hold at once. */
export const maxFollowsPerSocket = 5;

/** `logs follow`: the client asks for a deployment's lines, then every new one. */
export const followLogsMessageSchema = z.object({
  deployment_uuid: z.uuid({ error: deploymentLogMessages.badFollow }),
  location: z.string().trim().min(1).max(200).optional(),
  tail: logTailSchema.optional(),
});
export type FollowLogsMessage = z.infer<typeof followLogsMessageSchema>;

/** The acknowledgement of `logs follow`. */
export const followLogsAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), subscription: z.string() }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type FollowLogsAck = z.infer<typeof followLogsAckSchema>;

/** `logs unfollow`: stops one subscription of this socket. */
export const unfollowLogsMessageSchema = z.object({ subscription: z.string() });
export type UnfollowLogsMessage = z.infer<typeof unfollowLogsMessageSchema>;

/** `logs lines`: a batch of new lines (about every 100 ms) for one subscription. */
export const logLinesMessageSchema = z.object({
  subscription: z.string(),
  lines: z.array(logLineSchema),
});
export type LogLinesMessage = z.infer<typeof logLinesMessageSchema>;
