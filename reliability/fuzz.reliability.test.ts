import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, logIn, newUser, readySmartCluster, send, type ApiUser } from './support/api';
import { runAttack, type Shot } from './support/attack';
import { printFigures } from './support/figures';
import { fuzzOperations, requestArbitrary } from './support/fuzz-requests';
import { startMeridian, type MeridianProcess } from './support/meridian-process';

/** Generated requests in all, spread evenly over the operations; the seed makes a failure reproducible. */
const casesInAll = 10_000;
const seed = Number(process.env.FUZZ_SEED ?? 20261123);

let server: MeridianProcess;
let fuzzer: ApiUser;
let bystander: ApiUser;
let ids: string[];

describe('fuzzing every operation of the OpenAPI document', () => {
  beforeAll(async () => {
    server = await startMeridian();
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
    ids = [smartClusterId, domain.uuid, fuzzer.userId, 'ca-toronto'];
  });
  afterAll(() => server?.stop());

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
