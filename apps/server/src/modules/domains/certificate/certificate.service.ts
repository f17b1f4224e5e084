import type { Deployment } from '@meridian/domain/apps/app-api';
import { certificateOutsideDomainsMessage, dnsMessages } from '@meridian/domain/domains/domain-api';
import { eventType } from '@meridian/domain/events/event-catalogue';
import type { Database } from '../../../platform/db/database';
import { ConflictError, NotFoundError } from '../../../platform/http/errors';
import { recordEvent } from '../../account/account.public';
import { insertCertificate, newestCertificate } from './certificate.queries';
import { toDeployment, findOwnDeployment, setDeploymentCertificate } from '../../apps/apps.public';
import { namesOutsideOwnDomains } from '../domain/domain.records';
import type { DomainContext } from '../domain-context';

/** `/certificate`: HTTPS for a deployment's domain names (https_enable, download_certificate). */

async function ownDeployment(db: Database, userId: string, id: string) {
  const view = await findOwnDeployment(db, userId, id);
  if (!view) throw new NotFoundError('Deployment not found');
  return view;
}

/** Issues a certificate whose SANs are the deployment's domain names; the card shows its uuid. */
export async function enableHttps(
  context: DomainContext,
  userId: string,
  deploymentId: string,
): Promise<Deployment> {
  const { db, secrets, certificateIssuer } = context;
  const view = await ownDeployment(db, userId, deploymentId);
  const names = view.deployment.domainNames;
  if (names.length === 0) throw new ConflictError(dnsMessages.certificateNeedsNames);
  // Checked at issue time: the names were set earlier, and the domains may have changed since.
  const outside = await namesOutsideOwnDomains(db, userId, names);
  if (outside.length > 0) throw new ConflictError(certificateOutsideDomainsMessage(outside));
  const payload = {
    app_name: view.appName,
    app_uuid: view.deployment.appId,
    smart_cluster_name: view.smartClusterName,
    smart_cluster_uuid: view.deployment.smartClusterId,
  };
  let issued;
  try {
    issued = await certificateIssuer.issue(names);
  } catch (error) {
    await recordEvent(db, {
      userId,
      type: eventType('CERTIFICATE', 'CREATE', 'REJECTED'),
      payload: {
        ...payload,
        status_reason: error instanceof Error ? error.message : String(error),
      },
    });
    throw error;
  }
  await db.transaction(async (tx) => {
    const certificateId = await insertCertificate(tx, {
      userId,
      deploymentId,
      domainNames: names,
      chainPem: issued.chainPem,
      privateKeySealed: secrets.seal(issued.privateKeyPem),
      notAfter: issued.notAfter,
    });
    await setDeploymentCertificate(tx, deploymentId, certificateId);
    await recordEvent(tx, {
      userId,
      type: eventType('CERTIFICATE', 'CREATE', 'FULFILLED'),
      payload,
    });
  });
  return toDeployment((await ownDeployment(db, userId, deploymentId))!);
}

/** The deployment's current certificate chain, PEM, and a file name for it. */
export async function certificateChain(
  context: DomainContext,
  userId: string,
  deploymentId: string,
): Promise<{ filename: string; pem: string }> {
  const view = await ownDeployment(context.db, userId, deploymentId);
  const row = await newestCertificate(context.db, userId, deploymentId);
  if (!row || view.deployment.certificateUuid !== row.id)
    throw new NotFoundError('No certificate for this deployment');
  return { filename: `${row.domainNames[0]}.pem`, pem: row.chainPem };
}
