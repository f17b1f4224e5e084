import type { FastifyRequest } from 'fastify';
import type { HistoryActorKind } from '../db/schema/apps';

/** Who made a change, as an app's history shows it: a signed-in user's name or an API key's. */
export interface HistoryActor {
  kind: HistoryActorKind;
  name: string;
}

/**
 * The actor of an authenticated request: the user for a console session, the key for an API key.
 * `apiKeyKind` lets a CI/CD route record its key as 'ci'.
 */
export function requestActor(
  request: FastifyRequest,
  apiKeyKind: Extract<HistoryActorKind, 'api_key' | 'ci'> = 'api_key',
): HistoryActor {
  const { user, credential } = request.authentication;
  return credential.kind === 'apiKey'
    ? { kind: apiKeyKind, name: credential.keyName }
    : { kind: 'user', name: user.username };
}
