/**
 * Every organisation query sits under this key: a live invitation event refreshes them all. On
 * its own so the live-event channel, in the shell, does not load the feature's schemas.
 */
export const organizationsKey = ['organizations'] as const;
