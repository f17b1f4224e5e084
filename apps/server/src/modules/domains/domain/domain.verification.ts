import { createHmac } from 'node:crypto';
import { verificationName, type DomainVerification } from '@meridian/domain/domains/zone-api';
import type { DomainContext } from '../domain-context';

/**
 * The TXT value that proves `accountId` controls `domainName`: an HMAC under a key derived from
 * the server's secret key, so it is stable, bound to the caller and unguessable by anyone else.
 */
export function verificationFor(
  context: Pick<DomainContext, 'secrets'>,
  accountId: string,
  domainName: string,
): DomainVerification {
  const mac = createHmac('sha256', context.secrets.derive('domain claim'))
    .update(`${accountId}\n${domainName}`)
    .digest('base64url');
  return { type: 'TXT', name: verificationName(domainName), value: `meridian-verify=${mac}` };
}
