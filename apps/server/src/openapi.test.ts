import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

interface Operation {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/**
 * Paths of the spec that only Fastify's rule (a fixed segment before a parameter) tells apart,
 * e.g. /apps/versions/{versionId} and /apps/{appId}/versions: warned of, kept as the spec has them.
 */
// Issue 15's lifecycle calls add 6: …/deployment/{deploymentId}/metrics, /logs and /rollback
// beside /apps/deployment/smart_cluster/{id}; /apps/{appId}/history and /rollouts beside
// /apps/versions/{versionId}; /apps/rollouts/{rolloutId} beside /apps/{appId}/versions.
// Issue 33's credential calls add 2: /clusters/{id}/credentials and /monitoring_password beside
// /clusters/shared/{id}, as /clusters/{id}/config and /placements already are.
// Issue 37's moves into an organisation add 1: /apps/{appId}/organization and
// /clusters/{id}/organization beside the paths above, in the same shape.
// Issue 39's git source and previews add 2: /apps/{appId}/git and /apps/{appId}/previews.
const specAmbiguousPaths = 16;

/** Operations anyone may call: sign-in, and the probes the kubelet sends without credentials. */
const openOperations = new Set([
  'post /auth/login',
  'get /healthz',
  'get /readyz',
  // A git provider's delivery: signed with the source's secret, not a session (docs/git-sources.md).
  'post /hooks/{provider}/{sourceId}',
]);

/** The probes answer 200 or 503 and nothing else, so Redocly's "no 4xx documented" is expected. */
const probesWithout4xx = ['#/paths/~1healthz/get/responses', '#/paths/~1readyz/get/responses'];

describe('the OpenAPI document', () => {
  let t: TestApp;
  let source: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    source = (await t.app.inject({ url: '/docs/json' })).body;
  });
  afterAll(() => t.close());

  const operations = () => {
    const document = JSON.parse(source) as { paths: Record<string, Record<string, Operation>> };
    return Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
  };

  it('passes Redocly’s recommended lint with no error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    const warnings = problems.filter((problem) => problem.severity === 'warn');
    const no4xx = (problem: (typeof problems)[number]) =>
      problem.ruleId === 'operation-4xx-response';
    expect(warnings.filter((problem) => !no4xx(problem)).map((problem) => problem.ruleId)).toEqual(
      Array(specAmbiguousPaths).fill('no-ambiguous-paths'),
    );
    const without4xx = warnings.filter(no4xx).map((problem) => problem.location[0]?.pointer);
    expect(without4xx.sort()).toEqual(probesWithout4xx);
  });

  it('names every operation once, by method and path', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z]+[A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const config = operations().find(
      ({ path, method }) => path === '/cluster/clusters/{id}/config' && method === 'get',
    );
    expect(config?.operation.operationId).toBe('getClusterClustersByIdConfig');
  });

  it('documents the organisation role each operation of the owned contexts needs', () => {
    const roleOf = (method: string, path: string) =>
      (
        operations().find((entry) => entry.method === method && entry.path === path)?.operation as
          { 'x-meridian-role'?: string } | undefined
      )?.['x-meridian-role'];
    expect(roleOf('get', '/meridian/v1/kube/apps/{appId}')).toBe('viewer');
    expect(roleOf('post', '/meridian/v1/kube/apps/{appId}/versions')).toBe('developer');
    expect(roleOf('delete', '/meridian/v1/kube/apps/{appId}')).toBe('admin');
    expect(roleOf('post', '/domain/dns/user')).toBe('developer');
    // The account's own routes act for the caller alone: no organisation role.
    expect(roleOf('post', '/auth/api_key')).toBeUndefined();
  });

  it('documents the body of the app rename, which the route reads by hand (multipart or JSON)', () => {
    const rename = operations().find(
      ({ path, method }) => path === '/meridian/v1/kube/apps/{appId}' && method === 'put',
    )?.operation as { requestBody?: { content?: Record<string, { schema?: object }> } };
    const content = rename.requestBody?.content ?? {};
    expect(Object.keys(content).sort()).toEqual(['application/json', 'multipart/form-data']);
    for (const media of Object.values(content))
      expect(Object.keys((media.schema as { properties?: object }).properties ?? {})).toEqual([
        'name',
        'description',
      ]);
  });

  it('gives every response a schema, and every operation but login, the probes and git deliveries a security requirement', () => {
    for (const { path, method, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        // A 304 or 204 has no body by HTTP's definition.
        if (status === '304' || status === '204') continue;
        const schemas = Object.values(response.content ?? {}).map((media) => media.schema);
        expect(schemas.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
        expect(schemas.every(Boolean), `${method} ${path} ${status}`).toBe(true);
      }
      const open = openOperations.has(`${method} ${path}`);
      expect(operation.security, `${method} ${path}`).toEqual(open ? [] : expect.any(Array));
      if (!open) expect(operation.security!.length, `${method} ${path}`).toBeGreaterThan(0);
    }
  });
});
