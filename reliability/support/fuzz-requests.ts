import fc from 'fast-check';

/** An operation of the OpenAPI document, as the fuzzer needs it. */
export interface FuzzOperation {
  method: string;
  template: string;
  pathParams: string[];
  queryParams: string[];
  bodyProperties: string[];
  hasBody: boolean;
}

export interface FuzzRequest {
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface OpenApiParameter {
  in: string;
  name: string;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: OpenApiParameter[];
        requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
      }
    >
  >;
}

/** Every operation of the server's own OpenAPI document (never a hand list). */
export async function fuzzOperations(baseUrl: string): Promise<FuzzOperation[]> {
  const document = (await (await fetch(`${baseUrl}/docs/json`)).json()) as OpenApiDocument;
  return Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const json = content['application/json']?.schema?.properties;
      return {
        method: method.toUpperCase(),
        template,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProperties: Object.keys(json ?? {}),
        hasBody:
          Object.keys(content).length > 0 ||
          ['POST', 'PUT', 'DELETE'].includes(method.toUpperCase()),
      };
    }),
  );
}

/** Text that has broken servers: unicode, NUL, huge, path tricks, numbers as text. */
export const nastyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    '\u0000',
    'a\u0000b',
    '../../etc/passwd',
    '%00',
    '%2e%2e%2f',
    'null',
    '-1',
    '1e309',
    '9'.repeat(40),
    'приложение',
    '😀'.repeat(20),
    '<script>',
    "' OR 1=1 --",
    '__proto__',
    'constructor',
  ),
  // Long, but within Node's 16 KiB header limit once in a URL (beyond it: 431, tested apart).
  fc.nat({ max: 5_000 }).map((length) => 'x'.repeat(length)),
  fc.uuid(),
);

/** JSON values of every type, with nesting and pollution keys. */
export const nastyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  nastyText,
  fc.constantFrom(null, 0, -1, 2147483648, 1e308, true, [], {}, { __proto__: { a: 1 } }),
  fc.array(nastyText, { maxLength: 30 }),
);

/** A body: the operation's own field names with values of any type, or anything at all. */
function bodyArbitrary(operation: FuzzOperation): fc.Arbitrary<string | undefined> {
  const fields =
    operation.bodyProperties.length > 0
      ? fc
          .dictionary(fc.constantFrom(...operation.bodyProperties), nastyJson, { maxKeys: 6 })
          .map((value) => JSON.stringify(value))
      : fc.constant('{}');
  return fc.oneof(
    fields,
    nastyJson.map((value) => JSON.stringify(value) ?? 'null'),
    fc.string({ maxLength: 200 }),
    fc.constant(undefined),
  );
}

function queryArbitrary(operation: FuzzOperation): fc.Arbitrary<string> {
  const names = [...operation.queryParams, 'from', 'to', 'month', 'domain_uuid', 'x'];
  return fc
    .dictionary(fc.constantFrom(...names), nastyText, { maxKeys: 4 })
    .map((query) => new URLSearchParams(query).toString());
}

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'multipart/form-data',
  'multipart/form-data; boundary=zz',
  'application/x-www-form-urlencoded',
  'application/yaml',
);

/**
 * One malformed request for `operation`: ids from `ids` or junk, junk query, junk body. A path
 * parameter `idOf` names a real id for (the fuzzer's app for an `{appId}`) gets it a third of
 * the time, so the operation is fuzzed past its lookup, not only at its 404.
 */
export function requestArbitrary(
  operation: FuzzOperation,
  ids: readonly string[],
  headers: Record<string, string>,
  idOf: (parameter: string) => string | undefined = () => undefined,
): fc.Arbitrary<FuzzRequest> {
  const param = (name: string) => {
    const id = idOf(name);
    const real = id === undefined ? [] : [fc.constant(id)];
    return fc.oneof(...real, fc.constantFrom(...ids), nastyText);
  };
  return fc
    .record({
      params: fc.tuple(...operation.pathParams.map(param)),
      query: queryArbitrary(operation),
      body: operation.hasBody ? bodyArbitrary(operation) : fc.constant(undefined),
      contentType: contentTypes,
    })
    .map(({ params, query, body, contentType }) => {
      let index = 0;
      const path = operation.template.replace(/\{[^}]+\}/g, () =>
        encodeURIComponent(params[index++] ?? ''),
      );
      return {
        path: query ? `${path}?${query}` : path,
        headers: body === undefined ? headers : { ...headers, 'content-type': contentType },
        body,
      };
    });
}

/** A value for one configuration field: a plausible one or anything at all. */
const either = <T>(plausible: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: plausible, weight: 25 }, { arbitrary: nastyJson, weight: 1 });

const nameLike = fc.oneof(
  { arbitrary: fc.constantFrom('API_TOKEN', 'DATABASE_URL', '_X', 'A1'), weight: 12 },
  { arbitrary: nastyText, weight: 1 },
);
const quantity = fc.oneof(
  fc.constantFrom('250m', '1', '0.5', '512Mi', '2Gi', '1e3', '-1', '0m'),
  nastyText,
);

/**
 * Basic settings with the configuration fields of issue 36, each present or not, plausible or
 * junk: what a form or a script could send as the `template` JSON or a configuration change.
 */
export const basicSettingsArbitrary: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    deploymentImage: fc.constant('nginx:1.27'),
    deploymentReplicas: either(fc.integer({ min: 1, max: 4 })),
    deploymentTargetPort: fc.constant(8080),
    deploymentPort: fc.constant(80),
    dockerRegistryType: either(fc.constantFrom('public', 'private')),
    env: either(fc.array(fc.record({ name: nameLike, value: nastyText }), { maxLength: 3 })),
    secrets: either(
      fc.array(
        fc.oneof(
          fc.record({ name: nameLike, value: nastyText }),
          fc.record({ name: nameLike, keep: either(fc.constant(true)) }),
        ),
        { maxLength: 2 },
      ),
    ),
    healthCheck: either(
      fc.record(
        {
          type: either(fc.constantFrom('http', 'tcp', 'command')),
          path: either(fc.constantFrom('/healthz', 'healthz', '/')),
          port: either(fc.integer({ min: -1, max: 70_000 })),
          command: either(fc.array(nastyText, { maxLength: 60 })),
          initialDelaySeconds: either(fc.integer({ min: -5, max: 4000 })),
          periodSeconds: either(fc.integer({ min: -5, max: 4000 })),
          failureThreshold: either(fc.integer({ min: -5, max: 200 })),
        },
        { requiredKeys: [] },
      ),
    ),
    resources: either(
      fc.record(
        {
          cpuRequest: quantity,
          cpuLimit: quantity,
          memoryRequest: quantity,
          memoryLimit: quantity,
        },
        { requiredKeys: [] },
      ),
    ),
    autoscaling: either(
      fc.record({
        minReplicas: either(fc.integer({ min: 0, max: 120 })),
        maxReplicas: either(fc.integer({ min: 0, max: 120 })),
        targetCPUUtilization: either(fc.integer({ min: -1, max: 120 })),
      }),
    ),
    volume: either(
      fc.record({ size: quantity, mountPath: either(fc.constantFrom('/data', 'data', '/')) }),
    ),
    command: either(fc.array(nastyText, { maxLength: 60 })),
    args: either(fc.array(nastyText, { maxLength: 60 })),
  },
  {
    requiredKeys: [
      'deploymentImage',
      'deploymentReplicas',
      'deploymentTargetPort',
      'deploymentPort',
    ],
  },
);
