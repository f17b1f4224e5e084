import { webcrypto } from 'node:crypto';
import 'reflect-metadata';
import type { App as AppEntity, Deployment } from '@meridian/domain/apps/app-api';
import { certificateOutsideDomainsMessage } from '@meridian/domain/domains/domain-api';
import * as x509 from '@peculiar/x509';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { createClusterTestApp } from '../../clusters/cluster/cluster.test-support';
import {
  allSettled,
  basicAppFields,
  createApp,
  readySmartCluster,
  waitForDeployments,
} from '../../apps/app/app.test-support';
import { deployments } from '../../../platform/db/schema/apps';
import { domains } from '../../../platform/db/schema/domains';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

/** The local authority signs only names under a domain the account holds, never a public suffix. */
describe.each(embeddedBackendOnly())('certificate names on %s', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  let deployment: Deployment;

  beforeAll(async () => {
    t = await createClusterTestApp(backend, {}, {});
    admin = await logIn(t.app);
    const smart = await readySmartCluster(t, admin, ['ca-montreal'], 'web');
    const app = (
      await createApp(t, admin, basicAppFields(smart.uuid, { name: 'shop' }))
    ).json<AppEntity>();
    deployment = (await waitForDeployments(t, admin, app.uuid, allSettled)).deployments[0]!;
    for (const name of ['example.co.uk', 'amazonaws.com']) {
      const added = await t.app.inject({
        method: 'POST',
        url: '/domain/name',
        headers: admin.headers,
        payload: { domain_name: name },
      });
      if (added.statusCode !== 200) throw new Error(added.body);
    }
    // As if stored before public suffixes were refused.
    await t.database.db
      .insert(domains)
      .values({ userId: admin.userId, domainName: 'co.uk', status: 'success' });
  }, 90_000);
  afterAll(() => t?.close());

  /** Asks for a certificate for these names, as if the deployment carried them. */
  async function enableHttpsFor(names: string[]) {
    await t.database.db
      .update(deployments)
      .set({ domainNames: names })
      .where(eq(deployments.id, deployment.uuid));
    return t.app.inject({
      method: 'POST',
      url: `/certificate/deployments/${deployment.uuid}`,
      headers: admin.headers,
    });
  }

  it('refuses names under no domain of the account, or only under a public suffix, in words', async () => {
    const cases = [
      [['www.google.com'], ['www.google.com']],
      [['shop.co.uk'], ['shop.co.uk']],
      // s3.amazonaws.com is a public suffix: amazonaws.com does not speak for names under it.
      [['bucket.s3.amazonaws.com'], ['bucket.s3.amazonaws.com']],
      [
        ['www.example.co.uk', 'www.google.com', 'co.uk'],
        ['www.google.com', 'co.uk'],
      ],
    ];
    for (const [names, outside] of cases) {
      const refused = await enableHttpsFor(names!);
      expect([refused.statusCode, refused.json()], names!.join()).toEqual([
        409,
        { message: certificateOutsideDomainsMessage(outside!) },
      ]);
    }
    expect(certificateOutsideDomainsMessage(['www.google.com'])).toBe(
      'No certificate was issued: www.google.com is not under a domain this account holds ' +
        '(a public suffix such as co.uk does not count).',
    );
    const [row] = await t.database.db
      .select()
      .from(deployments)
      .where(eq(deployments.id, deployment.uuid));
    expect(row!.certificateUuid).toBeNull();
  });

  it('issues for names under a domain the account holds', async () => {
    const issued = await enableHttpsFor([
      'www.example.co.uk',
      'example.co.uk',
      'api.amazonaws.com',
    ]);
    expect(issued.statusCode, issued.body).toBe(200);
    const download = await t.app.inject({
      url: `/certificate/deployments/${deployment.uuid}/pem`,
      headers: admin.headers,
    });
    const leaf = new x509.X509Certificate(
      download.body.split(/(?<=-----END CERTIFICATE-----)/)[0]!,
    );
    const names = leaf
      .getExtension(x509.SubjectAlternativeNameExtension)!
      .names.items.map((item) => item.value);
    expect(names.sort()).toEqual(['api.amazonaws.com', 'example.co.uk', 'www.example.co.uk']);
  });
});
