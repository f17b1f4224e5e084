export interface SessionPolicy {
  /** A session unused for this long expires. */
  idleTimeoutMs: number;
  /** A session expires this long after login, however much it is used. */
  absoluteLifetimeMs: number;
  /** last_seen_at is written at most this often per session, not on every request. */
  touchIntervalMs: number;
}

export const defaultSessionPolicy: SessionPolicy = {
  idleTimeoutMs: 12 * 60 * 60_000,
  absoluteLifetimeMs: 7 * 24 * 60 * 60_000,
  touchIntervalMs: 60_000,
};
