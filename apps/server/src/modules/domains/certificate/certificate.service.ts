import type { Deployment } from '@meridian/domain/apps/app-api';
import { certificateOutsideDomainsMessage, dnsMessages } from '@meridian/domain/domains/domain-api';
import { eventType } from '@meridian/domain/events/event-catalogue';
import type { Database } from '../../../platform/db/database';
import { ConflictError, NotFoundError } from '../../../platform/http/errors';
import { recordEvent } from '../../account/account.public';
import { currentCertificates, insertCertificate, newestCertificate } from './certificate.queries';
import { activeDomains } from '../domain/domain.records';
import { toDeployment, findOwnDeployment, setDeploymentCertificate } from '../../apps/apps.public';
import { namesOutsideOwnDomains } from '../domain/domain.records';
import { inTransaction, type DomainContext } from '../domain-context';
import type { Certificate } from '@meridian/domain/domains/certificate-api';
import type { EventPayload } from '@meridian/domain/events/event-catalogue';
import { leafFacts } from './certificate.leaf';
import { toCertificate } from './certificate.mapper';

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
  const { db } = context;
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
  if (context.acme) {
    // An ACME order takes seconds to minutes: the answer carries the certificate `renewing`, and
    // the job's events and the certificate's status tell the rest live (docs/certificates.md).
    await inTransaction(context, async (tx, send) => {
      const certificateId = await insertCertificate(tx, {
        userId,
        deploymentId,
        domainNames: names,
        state: 'renewing',
        orderCount: 1,
      });
      await setDeploymentCertificate(tx, deploymentId, certificateId);
      await send({ kind: 'issue-certificate', certificateId, order: 1 });
    });
  } else {
    await issueNow(context, userId, deploymentId, names, payload);
  }
  return toDeployment((await ownDeployment(db, userId, deploymentId))!);
}

/** The local authority signs at once, as https_enable always did. */
async function issueNow(
  context: DomainContext,
  userId: string,
  deploymentId: string,
  names: string[],
  payload: EventPayload,
): Promise<void> {
  const { db, secrets, certificateIssuer } = context;
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
      ...leafFacts(issued.chainPem),
    });
    await setDeploymentCertificate(tx, deploymentId, certificateId);
    await recordEvent(tx, {
      userId,
      type: eventType('CERTIFICATE', 'CREATE', 'FULFILLED'),
      payload,
    });
  });
}

/** The deployment's current certificate and where its lifecycle stands. */
export async function deploymentCertificate(
  context: DomainContext,
  userId: string,
  deploymentId: string,
): Promise<Certificate> {
  const view = await ownDeployment(context.db, userId, deploymentId);
  const row = await newestCertificate(context.db, userId, deploymentId);
  if (!row || view.deployment.certificateUuid !== row.id)
    throw new NotFoundError('No certificate for this deployment');
  return toCertificate(row, context.now());
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
  if (!row.chainPem) throw new NotFoundError('The certificate is not issued yet');
  return { filename: `${row.domainNames[0]}.pem`, pem: row.chainPem };
}

/** The current certificates whose names lie in one of the user's domains (the domain page). */
export async function domainCertificates(
  context: DomainContext,
  userId: string,
  domainId: string,
): Promise<Certificate[]> {
  const [domain] = (await activeDomains(context.db, userId)).filter((row) => row.id === domainId);
  if (!domain) throw new NotFoundError('Domain not found');
  const under = (name: string) =>
    name === domain.domainName || name.endsWith(`.${domain.domainName}`);
  const rows = await currentCertificates(context.db, userId);
  const at = context.now();
  return rows.filter((row) => row.domainNames.some(under)).map((row) => toCertificate(row, at));
}
