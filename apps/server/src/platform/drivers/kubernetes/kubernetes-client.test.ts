import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { KubeconfigTarget } from '@meridian/domain/clusters/kubeconfig';
import { afterEach, describe, expect, it } from 'vitest';
import { PermanentDriverError } from '../infrastructure-driver';
import { endpointRefusedCode, type ClusterEndpointPolicy } from '../../outbound-guard';
import { guardedObjectApi, kubeConfigOf, openKubeconfig, probeVersion } from './kubernetes-client';

// The test servers listen on loopback, which MERIDIAN_ALLOW_PRIVATE_CLUSTERS=1 allows.
const loopback: ClusterEndpointPolicy = { allowPrivate: true };

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: http.RequestListener): Promise<KubeconfigTarget> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    contextName: 'c',
    clusterName: 'c',
    userName: 'u',
    server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    insecureSkipTlsVerify: false,
    token: 'secret-token',
  };
}

describe('probeVersion', () => {
  it('reads the version with the bearer token', async () => {
    let authorization: string | undefined;
    const target = await serve((request, response) => {
      authorization = request.headers.authorization;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ major: '1', minor: '32', gitVersion: 'v1.32.1' }));
    });
    expect(await probeVersion(target, {}, loopback)).toEqual({ ok: true, version: 'v1.32.1' });
    expect(authorization).toBe('Bearer secret-token');
  });

  it('gives up at its deadline on an API that never answers', async () => {
    const target = await serve(() => {});
    const result = await probeVersion(target, { requestMs: 300 }, loopback);
    expect(result).toEqual({
      ok: false,
      reason: `The cluster API at ${target.server} did not answer in time.`,
    });
  });

  it('keeps its deadline through garbage collection (nodejs/node#57736)', async () => {
    v8.setFlagsFromString('--expose-gc');
    const collect = vm.runInNewContext('gc') as () => void;
    const target = await serve(() => {});
    const probe = probeVersion(target, { requestMs: 500 }, loopback);
    // Full collections while the request waits: an unheld deadline would be collected unfired.
    const collecting = setInterval(collect, 20);
    const outcome = await Promise.race([
      probe,
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3000)),
    ]);
    clearInterval(collecting);
    expect(outcome).toEqual({
      ok: false,
      reason: `The cluster API at ${target.server} did not answer in time.`,
    });
  });

  it('gives up at its deadline on an API that trickles a partial body', async () => {
    const target = await serve((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.write('{"gitVersion":');
      const timer = setInterval(() => response.write(' '), 50);
      response.on('close', () => clearInterval(timer));
    });
    const result = await probeVersion(target, { requestMs: 400 }, loopback);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/did not answer in time|did not answer like/);
  });

  it('says in a sentence when the credentials are refused', async () => {
    const target = await serve((_request, response) => {
      response.statusCode = 401;
      response.end('{"kind":"Status","code":401}');
    });
    const result = await probeVersion(target, {}, loopback);
    expect(result).toEqual({
      ok: false,
      reason: `The cluster API at ${target.server} refused the kubeconfig's credentials (HTTP 401).`,
    });
  });
});

describe('the object API', () => {
  it('bounds every call by the deadline', async () => {
    const target = await serve(() => {});
    const client = await guardedObjectApi(
      target,
      { requestMs: 300, operationMs: 60_000 },
      loopback,
    );
    await expect(
      client.read({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'x' } }),
    ).rejects.toThrow();
  });

  it('bounds all calls of one client together by the operation deadline', async () => {
    // Every answer comes just inside the request deadline; together they pass the operation's.
    const target = await serve((_request, response) => {
      setTimeout(() => response.writeHead(404).end('{"kind":"Status","code":404}'), 150);
    });
    const client = await guardedObjectApi(target, { requestMs: 1_000, operationMs: 400 }, loopback);
    const header = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'x' } };
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) {
      outcomes.push(
        await client.read(header).then(
          () => 'ok',
          (error: unknown) => (String(error).match(/abort/i) ? 'aborted' : 'answered'),
        ),
      );
    }
    expect(outcomes.at(-1)).toBe('aborted');
  });

  it('opens a stored kubeconfig only through the upload checks', () => {
    expect(() => openKubeconfig(undefined, 'edge')).toThrow(PermanentDriverError);
    expect(() => openKubeconfig('users: [{name: u, user: {exec: {command: sh}}}]', 'edge')).toThrow(
      PermanentDriverError,
    );
  });
});

describe('the endpoint guard while dialling', () => {
  /** A stub resolver answering `answers` in turn (the last one from then on), counting calls. */
  function resolverOf(...answers: string[][]) {
    let calls = 0;
    const resolve = async () => answers[Math.min(calls++, answers.length - 1)] ?? [];
    return { resolve, calls: () => calls };
  }
  const onHost = (target: KubeconfigTarget, host: string): KubeconfigTarget => ({
    ...target,
    server: target.server.replace('127.0.0.1', host),
  });
  const version = (_request: http.IncomingMessage, response: http.ServerResponse) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ gitVersion: 'v1.31.0' }));
  };

  it('refuses loopback without the switch and never connects', async () => {
    let requests = 0;
    const target = await serve((request, response) => {
      requests++;
      version(request, response);
    });
    expect(await probeVersion(target, {}, { allowPrivate: false })).toEqual({
      ok: false,
      reason:
        'The cluster API address 127.0.0.1 is a loopback address; Meridian connects to private or loopback addresses only when MERIDIAN_ALLOW_PRIVATE_CLUSTERS=1 is set.',
    });
    expect(requests).toBe(0);
  });

  it('dials a trusted origin without the switch', async () => {
    const target = await serve(version);
    const policy = { allowPrivate: false, trustedOrigins: [new URL(target.server).origin] };
    expect(await probeVersion(target, {}, policy)).toEqual({ ok: true, version: 'v1.31.0' });
  });

  it('connects to the address it checked: a host name only through the guarded lookup', async () => {
    const target = onHost(await serve(version), 'api.cluster.test');
    const dns = resolverOf(['127.0.0.1']);
    const policy = { allowPrivate: true, resolve: dns.resolve };
    expect(await probeVersion(target, {}, policy)).toEqual({ ok: true, version: 'v1.31.0' });
    // Once for the check, then once per connection: /version, then the node list.
    expect(dns.calls()).toBe(3);
  });

  it('refuses a name that changes to a metadata address after the check (DNS rebinding)', async () => {
    const target = onHost(await serve(version), 'api.cluster.test');
    const dns = resolverOf(['127.0.0.1'], ['169.254.169.254']);
    const result = await probeVersion(target, {}, { allowPrivate: true, resolve: dns.resolve });
    expect(result).toEqual({
      ok: false,
      reason:
        'The cluster API address 169.254.169.254, which api.cluster.test resolves to, is a link-local or cloud metadata address, which Meridian never connects to.',
    });
  });

  it('refuses a redirect to a name of a metadata address', async () => {
    const target = await serve((_request, response) => {
      response.writeHead(302, { location: 'http://imds.cluster.test/latest/meta-data/' }).end();
    });
    const resolve = async (host: string) =>
      host === 'imds.cluster.test' ? ['169.254.169.254'] : [];
    const result = await probeVersion(target, {}, { allowPrivate: true, resolve });
    expect(result).toEqual({
      ok: false,
      reason:
        'The cluster API address 169.254.169.254, which imds.cluster.test resolves to, is a link-local or cloud metadata address, which Meridian never connects to.',
    });
  });

  it('guards the agent a Watch or any fetch-based client gets from the kubeconfig', async () => {
    const target = onHost(await serve(version), 'imds.cluster.test');
    const resolve = async () => ['169.254.169.254'];
    const config = await kubeConfigOf(target, { allowPrivate: true, resolve });
    const init = await config.applyToFetchOptions({});
    expect(init.agent).toBeInstanceOf(http.Agent);
    const socket = (init.agent as http.Agent).createConnection({
      host: 'imds.cluster.test',
      port: 80,
    });
    const error = await new Promise<NodeJS.ErrnoException>((settle) => socket?.on('error', settle));
    expect(error.code).toBe(endpointRefusedCode);
  });

  it('gives the object API only once the address passes', async () => {
    const target = await serve(() => {});
    const timeouts = { requestMs: 300, operationMs: 1000 };
    await expect(guardedObjectApi(target, timeouts, { allowPrivate: false })).rejects.toThrow(
      PermanentDriverError,
    );
    const unresolvable = onHost(target, 'gone.cluster.test');
    const noAnswer = { allowPrivate: true, resolve: async () => [] };
    const failure = await guardedObjectApi(unresolvable, timeouts, noAnswer).catch(
      (error: unknown) => error,
    );
    // A name without an address may come back: retried, not permanent.
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(PermanentDriverError);
    expect(String(failure)).toMatch(/gone\.cluster\.test cannot be resolved to an address/);
    await expect(guardedObjectApi(target, timeouts, loopback)).resolves.toBeDefined();
  });
});
