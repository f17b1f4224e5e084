import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedKubeApi } from './platform/drivers/simulator/kube-api/simulated-kube-api';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const kubectl = process.env.KUBECTL ?? '/usr/bin/kubectl';

/** Meridian's own manifests, applied as an operator would, to the Kubernetes API the simulator serves. */
describe('deploy/kubernetes, applied with kubectl', () => {
  const api = new SimulatedKubeApi({
    secret: randomBytes(32),
    port: 0,
    behaviourOf: () => ({
      now: () => Date.now(),
      rolloutMs: () => 500,
      progressDeadlineMs: 60_000,
      failRollouts: false,
      nodeCount: 3,
      kubeVersion: 'v1.31.6',
    }),
  });
  let directory = '';
  let config = '';
  // A cache of its own: kubectl keys discovery by host:port, and ports are reused between tests.
  const kube = async (...args: string[]) =>
    (
      await run(kubectl, ['--kubeconfig', config, '--cache-dir', cacheDir(), ...args], {
        cwd: root,
        timeout: 40_000,
      })
    ).stdout;
  const cacheDir = () => path.join(directory, 'kube-cache');

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'meridian-deploy-'));
    config = path.join(directory, 'kubeconfig');
    const clusterId = randomUUID();
    await api.issueCredentials(clusterId);
    await writeFile(config, await api.kubeconfig(clusterId, 'operator'));
  });
  afterAll(async () => {
    await api.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('applies server-side and rolls out 3 replicas', async () => {
    const applied = await kube('apply', '--server-side', '-k', 'deploy/kubernetes');
    for (const object of [
      'namespace/meridian',
      'serviceaccount/meridian',
      'service/meridian',
      'deployment.apps/meridian',
      'poddisruptionbudget.policy/meridian',
      'ingress.networking.k8s.io/meridian',
    ]) {
      expect(applied).toContain(`${object} serverside-applied`);
    }
    expect(
      await kube('rollout', 'status', 'deployment/meridian', '-n', 'meridian', '--timeout=20s'),
    ).toMatch(/successfully rolled out/);
    expect(await kube('get', 'deployment', 'meridian', '-n', 'meridian')).toMatch(
      /meridian\s+3\/3\s+3\s+3/,
    );
  }, 90_000);
});
