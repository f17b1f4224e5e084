import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, logIn, newUser, readySmartCluster, send, until, type ApiUser } from './support/api';
import { runAttack, type Shot } from './support/attack';
import { printFigures } from './support/figures';
import { basicSettingsArbitrary, fuzzOperations, requestArbitrary } from './support/fuzz-requests';
import { startMeridian, type MeridianProcess } from './support/meridian-process';

/** Generated requests in all, spread evenly over the operations; the seed makes a failure reproducible. */
const casesInAll = 10_000;
const seed = Number(process.env.FUZZ_SEED ?? 20261123);
/** Basic settings with junk configuration, half as configuration changes, half as new versions. */
const configurationCases = 600;

let server: MeridianProcess;
let fuzzer: ApiUser;
let bystander: ApiUser;
let ids: string[];
let smartCluster: string;

describe('fuzzing every operation of the OpenAPI document', () => {
  beforeAll(async () => {
    // The fuzzer's alert channel points at loopback, where nothing listens.
    server = await startMeridian({ MERIDIAN_ALLOW_PRIVATE_OUTBOUND: '1' });
    const admin = await logIn(server.baseUrl);
    fuzzer = await newUser(server.baseUrl, admin, 'fuzzer');
    bystander = await newUser(server.baseUrl, admin, 'fuzz-bystander');
    // Real ids of the fuzzer's own, so some requests get past the lookups into the rules.
    const smartClusterId = await readySmartCluster(server.baseUrl, fuzzer, 'fuzzed', [
      'ca-toronto',
    ]);
    const domain = await json<{ uuid: string }>(server.baseUrl, fuzzer, '/domain/name', 'POST', {
      domain_name: 'fuzzed-domain.ca',
    });
    const channel = await json<{ uuid: string }>(
      server.baseUrl,
      fuzzer,
      '/auth/notification_channels',
      'POST',
      { type: 'webhook', url: 'http://127.0.0.1:9/fuzz', events: ['deployment_failed'] },
    );
    ids = [smartClusterId, domain.uuid, fuzzer.userId, 'ca-toronto', channel.uuid];
    smartCluster = smartClusterId;
  });
  afterAll(() => server?.stop());

  // First: the general fuzz below deletes the fuzzer's smart cluster now and then.
  it(`answers ${configurationCases} Basic settings with junk configuration without a 5xx`, async () => {
    const app = await basicApp(server.baseUrl, fuzzer, smartCluster);
    // Issue 39: a git source of the fuzzer's, so its webhook route is reached with a real id.
    const git = await json<{ uuid: string }>(
      server.baseUrl,
      fuzzer,
      `/meridian/v1/kube/apps/${app.uuid}/git`,
      'POST',
      {
        provider: 'github',
        repository: 'acme/fuzzed',
        branch: 'main',
        image: 'ghcr.io/acme/fuzzed:{sha}',
        smart_cluster_uuids: [smartCluster],
      },
    );
    ids.push(git.uuid);
    // One in ten is valid, so the accepted path (versions made, a rollout held) is fuzzed too.
    const samples = fc
      .sample(basicSettingsArbitrary, { numRuns: configurationCases, seed })
      .map((settings, index) => (index % 10 === 3 ? validSettings(index) : settings));
    const shots: Shot[] = samples.map((settings, index) => {
      const text = JSON.stringify(settings);
      if (index % 2 === 0) {
        const path = `/meridian/v1/kube/apps/versions/${app.version}/configuration`;
        return {
          name: `POST configuration ${text.slice(0, 160)}`,
          fire: () =>
            send(server.baseUrl, path, {
              method: 'POST',
              headers: { ...fuzzer.headers, 'content-type': 'application/json' },
              // An hour's bake: the first valid change holds its rollout, later ones meet the 409.
              body: JSON.stringify({ settings, bake_seconds: 3600 }),
            }),
        };
      }
      return {
        name: `POST version ${text.slice(0, 160)}`,
        fire: () => {
          const form = new FormData();
          form.append('name', `f${index}`);
          form.append('template_type', 'KUBERNETES_BASIC');
          form.append('template', text);
          return send(server.baseUrl, `/meridian/v1/kube/apps/${app.uuid}/versions`, {
            method: 'POST',
            headers: fuzzer.headers,
            body: form,
          });
        },
      };
    });
    const result = await runAttack(
      server,
      `configuration × ${configurationCases}`,
      shots,
      async () =>
        (await send(server.baseUrl, '/cluster/smart_clusters', { headers: bystander.headers }))
          .status === 200,
      8,
    );
    printFigures(`Fuzzing Basic configuration (fast-check, seed ${seed})`, [result.figures]);
    expect(result.defects.slice(0, 20)).toEqual([]);
    expect(result.figures.restarts).toBe(0);
  }, 300_000);

  it(`answers ${casesInAll} malformed requests across every operation without a 5xx`, async () => {
    // Logging out would end the fuzzer's session for the operations after it.
    const operations = (await fuzzOperations(server.baseUrl)).filter(
      (operation) => !operation.template.endsWith('/logout'),
    );
    expect(operations.length).toBeGreaterThan(40);
    const casesPerOperation = Math.ceil(casesInAll / operations.length);
    const shots: Shot[] = operations.flatMap((operation) =>
      fc
        .sample(requestArbitrary(operation, ids, fuzzer.headers), {
          numRuns: casesPerOperation,
          seed,
        })
        .map((request) => ({
          name: `${operation.method} ${request.path.slice(0, 120)} ${String(request.body).slice(0, 80)}`,
          fire: () =>
            send(server.baseUrl, request.path, {
              method: operation.method,
              headers: request.headers,
              body: request.body,
            }),
        })),
    );
    const result = await runAttack(
      server,
      `${operations.length} operations × ${casesPerOperation}`,
      shots,
      async () =>
        (await send(server.baseUrl, '/cluster/smart_clusters', { headers: bystander.headers }))
          .status === 200,
      8,
    );
    printFigures(`Fuzzing (fast-check, seed ${seed})`, [result.figures]);
    expect(result.defects.slice(0, 20)).toEqual([]);
    expect(result.figures.restarts).toBe(0);
    expect(result.bystanderFailed).toBe(0);
  }, 600_000);
});

/** Valid settings with every configuration field, different each time. */
function validSettings(index: number): Record<string, unknown> {
  return {
    deploymentImage: 'nginx:1.27',
    deploymentReplicas: 2,
    deploymentTargetPort: 8080,
    deploymentPort: 80,
    env: [{ name: 'RUN', value: String(index) }],
    secrets: [{ name: 'API_TOKEN', keep: true }],
    healthCheck: { type: 'http', path: '/healthz' },
    resources: { cpuRequest: '100m', cpuLimit: '200m' },
    autoscaling: { minReplicas: 1, maxReplicas: 3, targetCPUUtilization: 60 },
    command: ['nginx', '-g', 'daemon off;'],
  };
}

/** A Basic app of the fuzzer's, deployed and settled: its version is what the changes start from. */
async function basicApp(baseUrl: string, user: ApiUser, smartClusterUuid: string) {
  const form = new FormData();
  const fields: Record<string, string> = {
    name: 'fuzzed-config',
    version_name: 'v1',
    smart_cluster_uuid: smartClusterUuid,
    template_type: 'KUBERNETES_BASIC',
    template: JSON.stringify({
      deploymentImage: 'nginx:1.27',
      deploymentReplicas: 1,
      deploymentTargetPort: 8080,
      deploymentPort: 80,
      secrets: [{ name: 'API_TOKEN', value: 'fuzz-kept' }],
    }),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const created = await send(baseUrl, '/meridian/v1/kube/apps', {
    method: 'POST',
    headers: user.headers,
    body: form,
  });
  if (created.status !== 200) throw new Error(`the fuzzed app: ${created.status} ${created.body}`);
  const app = JSON.parse(created.body) as { uuid: string; versions: { uuid: string }[] };
  await until(async () => {
    const now = await json<{ deployments: { status: string }[] }>(
      baseUrl,
      user,
      `/meridian/v1/kube/apps/${app.uuid}`,
    );
    return now.deployments.length > 0 && now.deployments.every((d) => d.status === 'success');
  }, 'the fuzzed app to run');
  return { uuid: app.uuid, version: app.versions[0]!.uuid };
}
