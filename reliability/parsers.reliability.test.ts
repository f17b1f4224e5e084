import { createHmac } from 'node:crypto';
import {
  pathologicalJson,
  pathologicalYaml,
  pathologicalZoneFiles,
  type PathologicalInput,
} from '@meridian/domain/parsing/pathological-inputs.test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  logIn,
  newUser,
  readySmartCluster,
  send,
  type Answer,
  type ApiUser,
} from './support/api';
import { runAttack, type AttackResult, type Shot } from './support/attack';
import { printFigures, type AttackFigures } from './support/figures';
import { startMeridian, type MeridianProcess } from './support/meridian-process';
import { jsonOperations } from './support/routes';

/** Each input goes this many times to each route: a crash on the second try counts too. */
const repetitions = 3;

const advancedTemplate = [
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata: {name: shop}',
  'spec:',
  '  replicas: 1',
  '  selector: {matchLabels: {app: shop}}',
  '  template:',
  '    metadata: {labels: {app: shop}}',
  '    spec: {containers: [{name: shop, image: "nginx:1.27"}]}',
].join('\n');

let server: MeridianProcess;
let attacker: ApiUser;
let bystander: ApiUser;
let smartClusterId: string;
let appId: string;
let domainId: string;
const rows: AttackFigures[] = [];
const results: AttackResult[] = [];

function form(fields: Record<string, string>, file?: { field: string; text: string }): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file) body.append(file.field, new Blob([file.text]), `${file.field}.yaml`);
  return body;
}

/** Every corpus input, `repetitions` times, as shots built by `build`. */
function shotsOf(
  corpus: readonly PathologicalInput[],
  route: string,
  build: (input: PathologicalInput, index: number) => () => Promise<Answer>,
): Shot[] {
  let index = 0;
  return corpus.flatMap((input) =>
    Array.from({ length: repetitions }, () => {
      const fire = build(input, index++);
      return { name: `${route} ← ${input.name}`, fire: () => fire() };
    }),
  );
}

const post = (path: string, body: FormData) => () =>
  send(server.baseUrl, path, { method: 'POST', headers: attacker.headers, body });

async function attack(name: string, shots: readonly Shot[]): Promise<void> {
  const result = await runAttack(server, name, shots, async () => {
    const answer = await send(server.baseUrl, '/cluster/smart_clusters', {
      headers: bystander.headers,
    });
    return answer.status === 200;
  });
  rows.push(result.figures);
  results.push(result);
  expect(result.defects, name).toEqual([]);
  expect(result.bystanderFailed, name).toBe(0);
  expect(result.figures.restarts, name).toBe(0);
}

describe('every parser of user text, attacked through the real routes', () => {
  beforeAll(async () => {
    server = await startMeridian();
    const admin = await logIn(server.baseUrl);
    attacker = await newUser(server.baseUrl, admin, 'attacker');
    bystander = await newUser(server.baseUrl, admin, 'bystander');
    smartClusterId = await readySmartCluster(server.baseUrl, attacker, 'target', ['ca-montreal']);
    const created = await send(server.baseUrl, '/meridian/v1/kube/apps', {
      method: 'POST',
      headers: attacker.headers,
      body: form(
        {
          name: 'victim',
          version_name: 'v1',
          smart_cluster_uuid: smartClusterId,
          template_type: 'KUBERNETES_ADVANCED',
        },
        { field: 'template', text: advancedTemplate },
      ),
    });
    if (created.status !== 200) throw new Error(`app creation answered ${created.body}`);
    appId = (JSON.parse(created.body) as { uuid: string }).uuid;
    const domain = await send(server.baseUrl, '/domain/name', {
      method: 'POST',
      headers: { ...attacker.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ domain_name: 'attacked-zone.ca' }),
    });
    if (domain.status !== 200) throw new Error(`domain creation answered ${domain.body}`);
    domainId = (JSON.parse(domain.body) as { uuid: string }).uuid;
    const idle = server.memory();
    rows.push({
      attack: '(before any attack)',
      requests: 0,
      answered4xx: 0,
      answered5xx: 0,
      other: 0,
      restarts: 0,
      peakRssMiB: idle.peakMiB,
      bystanderSlowestMs: 0,
    });
  });
  afterAll(async () => {
    printFigures('Pathological input to every route that reads YAML, JSON or a file', rows);
    await server?.stop();
  });

  it('kubeconfig uploads', async () => {
    const shots = shotsOf(pathologicalYaml, 'POST /cluster/clusters/external', (input, i) =>
      post(
        '/cluster/clusters/external',
        form({ name: `k${i}` }, { field: 'kubeConfig', text: input.text }),
      ),
    );
    await attack('kubeconfig upload (YAML)', shots);
  });

  it('Advanced and Heat templates of new apps and versions', async () => {
    const app =
      (type: string, extra: Record<string, string> = {}) =>
      (input: PathologicalInput, i: number) =>
        post(
          '/meridian/v1/kube/apps',
          form(
            {
              name: `a${i}`,
              version_name: 'v1',
              smart_cluster_uuid: smartClusterId,
              template_type: type,
              ...extra,
            },
            { field: 'template', text: input.text },
          ),
        );
    await attack(
      'app template, Advanced (YAML)',
      shotsOf(pathologicalYaml, 'POST apps', app('KUBERNETES_ADVANCED')),
    );
    await attack(
      'app template, Heat (YAML)',
      shotsOf(
        pathologicalYaml,
        'POST apps',
        app('HEAT', { flavor_name: 'mini', volume_type: 'SSD' }),
      ),
    );
    const version = (input: PathologicalInput, i: number) =>
      post(
        `/meridian/v1/kube/apps/${appId}/versions`,
        form(
          { name: `v${i}`, template_type: 'KUBERNETES_ADVANCED' },
          { field: 'template', text: input.text },
        ),
      );
    await attack('version template (YAML)', shotsOf(pathologicalYaml, 'POST versions', version));
  });

  it('Basic settings (a JSON text field of the multipart form)', async () => {
    const shots = shotsOf(pathologicalJson, 'POST apps (Basic)', (input, i) =>
      post(
        '/meridian/v1/kube/apps',
        form({
          name: `b${i}`,
          version_name: 'v1',
          smart_cluster_uuid: smartClusterId,
          template_type: 'KUBERNETES_BASIC',
          template: input.text,
        }),
      ),
    );
    await attack('Basic settings (JSON field)', shots);
  });

  it('git webhook bodies, correctly signed (issue 39)', async () => {
    const git = await json<{ uuid: string; secret: string }>(
      server.baseUrl,
      attacker,
      `/meridian/v1/kube/apps/${appId}/git`,
      'POST',
      {
        provider: 'github',
        repository: 'acme/victim',
        branch: 'main',
        image: 'ghcr.io/acme/victim:{sha}',
        smart_cluster_uuids: [smartClusterId],
      },
    );
    // Signed with the source's own secret, so each body gets past the signature to the parser.
    const shots = shotsOf(pathologicalJson, 'POST /hooks/github', (input, i) => () => {
      const signature = createHmac('sha256', git.secret).update(input.text).digest('hex');
      return send(server.baseUrl, `/hooks/github/${git.uuid}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': `sha256=${signature}`,
          'x-github-event': 'push',
          'x-github-delivery': `parsers-${i}`,
        },
        body: input.text,
      });
    });
    await attack('git webhook (signed JSON body)', shots);
  });

  it('zone file imports (JSON text, upload, text body)', async () => {
    const path = () => `/domain/name/${domainId}/zone`;
    const byJson = (input: PathologicalInput) => () =>
      send(server.baseUrl, path(), {
        method: 'POST',
        headers: { ...attacker.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ text: input.text, mode: 'replace' }),
      });
    const byUpload = (input: PathologicalInput) =>
      post(path(), form({ mode: 'merge' }, { field: 'file', text: input.text }));
    const byText = (input: PathologicalInput) => () =>
      send(server.baseUrl, `${path()}?mode=merge`, {
        method: 'POST',
        headers: { ...attacker.headers, 'content-type': 'text/dns' },
        body: input.text,
      });
    await attack('zone import (master file)', [
      ...shotsOf(pathologicalZoneFiles, 'POST zone (JSON)', byJson),
      ...shotsOf(pathologicalZoneFiles, 'POST zone (upload)', byUpload),
      ...shotsOf(pathologicalZoneFiles, 'POST zone (text)', byText),
    ]);
  });

  it('every JSON body of the OpenAPI document', async () => {
    const operations = await jsonOperations(server.baseUrl);
    expect(operations.length).toBeGreaterThan(15);
    const shots = operations.flatMap((operation) =>
      shotsOf(
        pathologicalJson,
        `${operation.method} ${operation.path}`,
        (input) => () =>
          send(server.baseUrl, operation.path, {
            method: operation.method,
            headers: { ...attacker.headers, 'content-type': 'application/json' },
            body: input.text,
          }),
      ),
    );
    await attack(`JSON bodies (${operations.length} operations)`, shots);
  });

  it('oversized lists and strings in every field of every JSON body', async () => {
    const operations = await jsonOperations(server.baseUrl);
    const hugeList = JSON.stringify(Array.from({ length: 100_000 }, () => 'ca-montreal'));
    const hugeText = JSON.stringify('x'.repeat(900_000));
    const shots: Shot[] = operations.flatMap((operation) =>
      operation.properties.flatMap((property) =>
        [
          ['list', hugeList],
          ['text', hugeText],
          ['number', '2147483648000'],
        ].map(([kind, value]) => ({
          name: `${operation.method} ${operation.path} ${property} ← huge ${kind}`,
          fire: async () => {
            const answer = await send(server.baseUrl, operation.path, {
              method: operation.method,
              headers: { ...attacker.headers, 'content-type': 'application/json' },
              body: `{${JSON.stringify(property)}:${value}}`,
            });
            // Never the input echoed back: an error answer stays small.
            return answer.body.length > 8_000 ? { ...answer, status: 599 } : answer;
          },
        })),
      ),
    );
    await attack('huge lists, strings, numbers per field', shots);
    const replicas = await send(server.baseUrl, `/meridian/v1/kube/apps/deployment/${appId}`, {
      method: 'PUT',
      headers: { ...attacker.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ replicas: 2_000_000_000 }),
    });
    expect(replicas.status).toBe(400);
    expect(
      (await json<unknown[]>(server.baseUrl, bystander, '/cluster/smart_clusters')).length,
    ).toBe(0);
  });
});
