import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { KubeconfigTarget } from '@meridian/domain/clusters/kubeconfig';
import { afterEach, describe, expect, it } from 'vitest';
import { PermanentDriverError } from '../infrastructure-driver';
import { objectApiFor, openKubeconfig, probeVersion } from './kubernetes-client';

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
    expect(await probeVersion(target)).toEqual({ ok: true, version: 'v1.32.1' });
    expect(authorization).toBe('Bearer secret-token');
  });

  it('gives up at its deadline on an API that never answers', async () => {
    const target = await serve(() => {});
    const result = await probeVersion(target, { requestMs: 300 });
    expect(result).toEqual({
      ok: false,
      reason: `The cluster API at ${target.server} did not answer in time.`,
    });
  });

  it('keeps its deadline through garbage collection (nodejs/node#57736)', async () => {
    v8.setFlagsFromString('--expose-gc');
    const collect = vm.runInNewContext('gc') as () => void;
    const target = await serve(() => {});
    const probe = probeVersion(target, { requestMs: 500 });
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
    const result = await probeVersion(target, { requestMs: 400 });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/did not answer in time|did not answer like/);
  });

  it('says in a sentence when the credentials are refused', async () => {
    const target = await serve((_request, response) => {
      response.statusCode = 401;
      response.end('{"kind":"Status","code":401}');
    });
    const result = await probeVersion(target);
    expect(result).toEqual({
      ok: false,
      reason: `The cluster API at ${target.server} refused the kubeconfig's credentials (HTTP 401).`,
    });
  });
});

describe('the object API', () => {
  it('bounds every call by the deadline', async () => {
    const target = await serve(() => {});
    const client = objectApiFor(target, { requestMs: 300, operationMs: 60_000 });
    await expect(
      client.read({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'x' } }),
    ).rejects.toThrow();
  });

  it('bounds all calls of one client together by the operation deadline', async () => {
    // Every answer comes just inside the request deadline; together they pass the operation's.
    const target = await serve((_request, response) => {
      setTimeout(() => response.writeHead(404).end('{"kind":"Status","code":404}'), 150);
    });
    const client = objectApiFor(target, { requestMs: 1_000, operationMs: 400 });
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
