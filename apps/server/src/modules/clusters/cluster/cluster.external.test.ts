import 'reflect-metadata';
import { randomUUID, webcrypto } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { externalKubeconfigMaxBytes } from '@meridian/domain/clusters/cluster-api';
import { clusterMessages, type SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { mergeKeyExec } from '@meridian/domain/parsing/pathological-inputs.test-support';
import * as x509 from '@peculiar/x509';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { probeHealthWhile } from '../../../../test-support/health-probe';
import {
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { multipartMessages } from '../../../platform/http/multipart-form';
import {
  createClusterTestApp,
  multipart,
  smartClusters,
  waitForStatus,
} from './cluster.test-support';
import { clusters } from '../../../platform/db/schema/clusters';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

function kubeconfig(
  server: string,
  user: Record<string, unknown> = { token: 'abc' },
  caPem?: string,
): string {
  const cluster: Record<string, unknown> = { server };
  if (caPem) cluster['certificate-authority-data'] = Buffer.from(caPem).toString('base64');
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'edge', cluster }],
    users: [{ name: 'edge-admin', user }],
    contexts: [{ name: 'edge', context: { cluster: 'edge', user: 'edge-admin' } }],
    'current-context': 'edge',
  });
}

describe.each(embeddedBackendOnly())('external clusters on %s', (backend) => {
  let t: TestApp;
  let user: LoggedIn;
  let server: http.Server;
  let serverUrl: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/version') {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ major: '1', minor: '30', gitVersion: 'v1.30.2' }));
      } else {
        response.statusCode = 404;
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createClusterTestApp(backend, { externalProbeTimeoutMs: 1000 });
    user = await logIn(t.app);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  const upload = (name: string, content: string | Buffer | undefined) => {
    const body = multipart(
      name ? { name } : {},
      content === undefined ? {} : { kubeConfig: { filename: 'kubeconfig.yaml', content } },
    );
    return t.app.inject({
      method: 'POST',
      url: '/cluster/clusters/external',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('adds a reachable cluster: its /version answers, so it succeeds', async () => {
    const response = await upload('edge', kubeconfig(serverUrl));
    expect(response.statusCode).toBe(200);
    const smart = response.json<SmartCluster>();
    expect(smart).toMatchObject({ status: 'creating', datacenters: ['external'] });
    const done = (await waitForStatus(t.app, user, smart.uuid, [
      'success',
      'failure',
    ])) as SmartCluster;
    expect(done.status).toBe('success');
    const [member] = await t.database.db
      .select()
      .from(clusters)
      .where(eq(clusters.smartClusterId, smart.uuid));
    expect(member).toMatchObject({ clusterType: 'external', kubeVersion: 'v1.30.2' });
    expect(member!.kubeconfigSealed).not.toContain('edge-admin');

    const config = await t.app.inject({
      method: 'GET',
      url: `/cluster/clusters/${smart.uuid}/config`,
      headers: { ...user.headers, 'x-provider-id': 'external' },
    });
    expect(Buffer.from(config.json<string>(), 'base64').toString()).toContain(serverUrl);

    const put = await t.app.inject({
      method: 'PUT',
      url: `/cluster/clusters/${smart.uuid}`,
      headers: user.headers,
      payload: { name: 'renamed' },
    });
    expect([put.statusCode, put.json().message]).toEqual([409, clusterMessages.cannotEditExternal]);

    // Meridian never provisioned it, so deleting only forgets it: no driver is involved.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/cluster/clusters/${smart.uuid}`,
      headers: user.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(await waitForStatus(t.app, user, smart.uuid, ['deleted', 'failure'])).toBe('deleted');
  });

  it('checks an https API server against the kubeconfig CA', async () => {
    const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
    const keys = (await webcrypto.subtle.generateKey(algorithm, true, [
      'sign',
      'verify',
    ])) as webcrypto.CryptoKeyPair;
    const notBefore = new Date(Date.now() - 60_000);
    const notAfter = new Date(Date.now() + 3600_000);
    const ca = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: '01',
      name: 'CN=edge-ca',
      notBefore,
      notAfter,
      signingAlgorithm: algorithm,
      keys,
      extensions: [new x509.BasicConstraintsExtension(true, undefined, true)],
    });
    const serverKeys = (await webcrypto.subtle.generateKey(algorithm, true, [
      'sign',
      'verify',
    ])) as webcrypto.CryptoKeyPair;
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: '02',
      subject: 'CN=127.0.0.1',
      issuer: ca.subject,
      notBefore,
      notAfter,
      signingAlgorithm: algorithm,
      publicKey: serverKeys.publicKey,
      signingKey: keys.privateKey,
      extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'ip', value: '127.0.0.1' }])],
    });
    const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', serverKeys.privateKey));
    const key = `-----BEGIN PRIVATE KEY-----\n${pkcs8.toString('base64')}\n-----END PRIVATE KEY-----\n`;
    const secure = https.createServer({ key, cert: cert.toString('pem') }, (_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ gitVersion: 'v1.29.9' }));
    });
    await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
    try {
      const url = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`;
      const trusted = await upload('secure', kubeconfig(url, { token: 'abc' }, ca.toString('pem')));
      const ok = (await waitForStatus(t.app, user, trusted.json<SmartCluster>().uuid, [
        'success',
        'failure',
      ])) as SmartCluster;
      expect(ok.status).toBe('success');
      // Without the CA the certificate is not trusted: failure with the reason.
      const untrusted = await upload('insecure', kubeconfig(url));
      const failed = (await waitForStatus(t.app, user, untrusted.json<SmartCluster>().uuid, [
        'success',
        'failure',
      ])) as SmartCluster;
      expect(failed.status).toBe('failure');
      expect(failed.status_reason).toMatch(
        /^The cluster API at https:\/\/127\.0\.0\.1:\d+ presented a certificate the kubeconfig does not trust\.$/,
      );
    } finally {
      await new Promise((resolve) => secure.close(resolve));
    }
  });

  it('fails with a reason when the API server cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const response = await upload('gone', kubeconfig(`http://127.0.0.1:${port}`));
    const smart = response.json<SmartCluster>();
    const done = (await waitForStatus(t.app, user, smart.uuid, [
      'success',
      'failure',
    ])) as SmartCluster;
    expect(done.status).toBe('failure');
    expect(done.status_reason).toMatch(
      /^The cluster API at http:\/\/127\.0\.0\.1:\d+ cannot be reached\.$/,
    );
  });

  it('refuses a cloud metadata address at upload, even with private addresses allowed', async () => {
    const response = await upload('imds', kubeconfig('http://169.254.169.254'));
    expect([response.statusCode, response.json()]).toEqual([
      400,
      {
        message: 'Validation failed',
        errors: [
          'The cluster API address 169.254.169.254 is a link-local or cloud metadata address, which Meridian never connects to.',
        ],
      },
    ]);
    expect((await smartClusters(t.app, user)).some((item) => item.name === 'imds')).toBe(false);
  });

  it('refuses a loopback address at upload unless MERIDIAN_ALLOW_PRIVATE_CLUSTERS=1', async () => {
    const strict = await createClusterTestApp(backend, {
      clusterEndpoints: { allowPrivate: false },
    });
    try {
      const owner = await logIn(strict.app);
      const body = multipart(
        { name: 'local' },
        { kubeConfig: { filename: 'kubeconfig.yaml', content: kubeconfig(serverUrl) } },
      );
      const response = await strict.app.inject({
        method: 'POST',
        url: '/cluster/clusters/external',
        headers: { ...owner.headers, ...body.headers },
        payload: body.payload,
      });
      expect([response.statusCode, response.json().errors]).toEqual([
        400,
        [
          'The cluster API address 127.0.0.1 is a loopback address; Meridian connects to private or loopback addresses only when MERIDIAN_ALLOW_PRIVATE_CLUSTERS=1 is set.',
        ],
      ]);
      expect(await smartClusters(strict.app, owner)).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('refuses plugins, local paths, missing parts and oversized files', async () => {
    const exec = await upload('bad', kubeconfig(serverUrl, { exec: { command: 'sh' } }));
    expect(exec.statusCode).toBe(400);
    expect(exec.json().errors[0]).toMatch(/uses exec, which runs programs or plugins/);
    const file = await upload('bad', kubeconfig(serverUrl, { tokenFile: '/etc/shadow' }));
    expect(file.statusCode).toBe(400);
    expect(file.json().errors[0]).toMatch(/refers to a file on disk \(tokenFile\)/);
    const missing = await upload('bad', undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([clusterMessages.kubeconfigRequired]);
    const unnamed = await upload('', kubeconfig(serverUrl));
    expect(unnamed.statusCode).toBe(400);
    const big = await upload('big', Buffer.alloc(externalKubeconfigMaxBytes + 1, 'a'));
    expect(big.statusCode).toBe(413);
  });

  it('refuses the merge-key kubeconfig that smuggles exec, and runs nothing', async () => {
    const marker = path.join(os.tmpdir(), `meridian-exec-${randomUUID()}`);
    const smuggled = mergeKeyExec('/bin/sh', ['-c', `touch ${marker}`]).replace(
      'https://127.0.0.1:1',
      serverUrl,
    );
    const response = await upload('smuggled', smuggled);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Validation failed',
      errors: ['The kubeconfig uses YAML anchors or aliases (& or *), which are not allowed here.'],
    });
    expect(existsSync(marker)).toBe(false);
    expect((await smartClusters(t.app, user)).some((item) => item.name === 'smuggled')).toBe(false);
  });

  it('reads a kubeconfig off the event loop: /healthz answers while 127 KiB of quotes is refused', async () => {
    // The pool's thread starts on first use: started here, so the reading itself is measured.
    expect((await upload('warm', 'a: [')).statusCode).toBe(400);
    const pending = upload('quotes', '"'.repeat(externalKubeconfigMaxBytes - 1024));
    const health = await probeHealthWhile(t.app, pending);
    const response = await pending;
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toHaveLength(1);
    expect(health.answeredWhilePending).toBeGreaterThanOrEqual(3);
    expect(health.slowestMs, JSON.stringify(health)).toBeLessThan(200);
  });

  it('answers 400, not 500, for a broken multipart body or a binary file', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/cluster/clusters/external',
      headers: { ...user.headers, 'content-type': 'multipart/form-data' },
      payload: 'no boundary here',
    });
    expect([broken.statusCode, broken.json()]).toEqual([
      400,
      { message: 'Malformed upload', errors: [multipartMessages.malformed] },
    ]);
    const body = multipart({ name: 'x' }, { kubeConfig: { filename: 'k', content: 'a' } });
    const cut = await t.app.inject({
      method: 'POST',
      url: '/cluster/clusters/external',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload.subarray(0, body.payload.length - 20),
    });
    expect(cut.statusCode).toBe(400);
    const binary = await upload('bin', Buffer.from([0x61, 0x00, 0x62]));
    expect([binary.statusCode, binary.json().errors]).toEqual([400, [multipartMessages.binary]]);
  });
});
