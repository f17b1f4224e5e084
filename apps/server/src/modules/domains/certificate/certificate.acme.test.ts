import { execFile } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Deployment } from '@meridian/domain/apps/app-api';
import type { Certificate } from '@meridian/domain/domains/certificate-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, type LoggedIn, type TestApp } from '../../../../test-support/test-app';
import { createClusterTestApp } from '../../clusters/cluster/cluster.test-support';
import { acmeChallenges } from '../../../platform/db/schema/domains';
import {
  freePort,
  pdnsInstalled,
  startPowerDns,
  type PowerDns,
} from '../../../platform/dns/powerdns-process.test-support';
import { namedDeployment } from './named-deployment.test-support';
import { pebbleInstalled, startPebble, type Pebble } from './pebble-process.test-support';

const run = promisify(execFile);
const host = '127.0.0.1';
const requirePowerDns = process.env.REQUIRE_PDNS === '1';
const zone = 'acme-shop.com';
const name = `www.${zone}`;

/** TXT answers of our DNS at this port for the name. */
async function txtAt(port: number, query: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  resolver.setServers([`${host}:${port}`]);
  return (await resolver.resolveTxt(query).catch(() => [] as string[][])).map((s) => s.join(''));
}

/**
 * Issue 38: a deployment's name certified by an ACME CA (Pebble on loopback) through dns-01 in
 * Meridian's own zone: validation is real, Pebble rejects nonces as it does by default.
 */
function describeAcme(label: string, withPowerDns: boolean) {
  describe(`ACME certificates through ${label}`, () => {
    let t: TestApp;
    let user: LoggedIn;
    let pebble: Pebble;
    let pdns: PowerDns | undefined;
    let dnsPort: number;
    let deployment: Deployment;

    beforeAll(async () => {
      pdns = withPowerDns ? await startPowerDns() : undefined;
      const builtInPort = withPowerDns ? 0 : await freePort();
      // Pebble validates against the server under test: PowerDNS, or the built-in responder.
      dnsPort = pdns?.dnsPort ?? builtInPort;
      pebble = await startPebble(dnsPort);
      t = await createClusterTestApp(
        'pglite',
        {},
        {
          dns: {
            responder: { host, port: builtInPort },
            powerDns: pdns ? { apiUrl: pdns.apiUrl, apiKey: pdns.apiKey } : undefined,
          },
          certificates: {
            acme: { directoryUrl: pebble.directoryUrl, caFile: pebble.tlsCaFile },
          },
        },
      );
      user = await logIn(t.app);
      deployment = await namedDeployment(t, user, zone, name);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await pebble?.stop();
      await pdns?.stop();
    });

    it("orders the name's certificate from the CA, answering dns-01 in its own zone", async () => {
      const authority = await t.app.inject({
        url: '/certificate/authority',
        headers: user.headers,
      });
      expect(authority.json()).toEqual({ kind: 'acme' });
      const enabled = await t.app.inject({
        method: 'POST',
        url: `/certificate/deployments/${deployment.uuid}`,
        headers: user.headers,
      });
      expect(enabled.statusCode, enabled.body).toBe(200);
      expect(enabled.json<Deployment>().certificate_uuid).toBeTruthy();
      let certificate: Certificate | undefined;
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        const read = await t.app.inject({
          url: `/certificate/deployments/${deployment.uuid}`,
          headers: user.headers,
        });
        certificate = read.json<Certificate>();
        if (certificate.status !== 'renewing') break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(certificate, JSON.stringify(certificate)).toMatchObject({
        status: 'valid',
        last_error: null,
        domain_names: [name],
      });
      expect(certificate!.issuer).toMatch(/Pebble Intermediate/);
      const lifetime = Date.parse(certificate!.not_after!) - Date.parse(certificate!.not_before!);
      expect(lifetime).toBeGreaterThan(24 * 3_600_000);

      // The chain verifies against Pebble's root, with openssl.
      const pem = await t.app.inject({
        url: `/certificate/deployments/${deployment.uuid}/pem`,
        headers: user.headers,
      });
      const [leaf, ...rest] = pem.body
        .split(/(?<=-----END CERTIFICATE-----)/)
        .filter((p) => p.includes('BEGIN'));
      const at = (file: string) => path.join(pebble.dir, file);
      await writeFile(at('leaf.pem'), `${leaf!.trim()}\n`);
      await writeFile(at('rest.pem'), `${rest.map((p) => p.trim()).join('\n')}\n`);
      await writeFile(at('root.pem'), await pebble.management('/roots/0'));
      const verified = await run('openssl', [
        'verify',
        '-CAfile',
        at('root.pem'),
        '-untrusted',
        at('rest.pem'),
        at('leaf.pem'),
      ]);
      expect(verified.stdout).toContain(': OK');

      // The proof is gone from the database and from the DNS the CA asked.
      expect(await t.database.db.select().from(acmeChallenges)).toEqual([]);
      const gone = Date.now() + 10_000;
      while ((await txtAt(dnsPort, `_acme-challenge.${name}`)).length > 0 && Date.now() < gone) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await txtAt(dnsPort, `_acme-challenge.${name}`)).toEqual([]);
    }, 120_000);
  });
}

if (pebbleInstalled || process.env.CI) {
  describeAcme('the built-in responder', false);
  if (pdnsInstalled || requirePowerDns) {
    // In CI (REQUIRE_PDNS=1) a missing pdns_server makes startPowerDns fail loudly, never skip.
    describeAcme('PowerDNS', true);
  }
}
