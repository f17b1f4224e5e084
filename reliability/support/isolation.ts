import { randomUUID } from 'node:crypto';

/** The kinds of resource the API names by id. */
export const resourceKinds = [
  'smartCluster',
  'sharedCluster',
  'memberCluster',
  'app',
  'version',
  'deployment',
  'rollout',
  'domain',
  'dnsRecord',
  'organization',
  'invitation',
  'user',
  'notification',
  'registry',
  'notificationChannel',
  'gitSource',
  'apiKeyName',
  'domainName',
  'username',
] as const;

export type ResourceKind = (typeof resourceKinds)[number];

/** One id (or name) per kind, all belonging to the owner under attack. */
export type OwnedIds = Record<ResourceKind, string>;

interface Schema {
  type?: string;
  /** `uuid` on an id field; unmappedParameters reports one no rule knows. */
  format?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  minimum?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** The `aimedAt` of the requests whose every id is the owner's. */
export const everyId = 'every id the owner’s';

/** A request of the matrix: one operation aimed at the owner's ids. */
export interface MatrixRequest {
  method: string;
  template: string;
  /** Which of its ids are the owner's: every one, or only the one named. */
  aimedAt: string;
  path: string;
  headers: Record<string, string>;
  body?: { json: unknown } | { form: Record<string, string> };
  acceptsApiKey: boolean;
}

/** Ids of a user who does not exist: what any answer about the owner's must look like. */
export function ghostIds(): OwnedIds {
  const ids = Object.fromEntries(resourceKinds.map((kind) => [kind, randomUUID()]));
  return { ...ids, apiKeyName: 'ghost-ci', domainName: 'isolation-ghost.ca' } as OwnedIds;
}

/**
 * How a parameter or body field name maps to a kind: by its own noun (appId, version_uuid),
 * else, for a bare `id`/`uuid`/`uuids`, by the noun of the path segment before it.
 */
const nounKinds: [RegExp, ResourceKind][] = [
  [/^smart_?clusters?$/i, 'smartCluster'],
  [/^clusters?$/i, 'smartCluster'],
  [/^shared$/i, 'sharedCluster'],
  [/^apps?$/i, 'app'],
  [/^(other_?)?versions?$/i, 'version'],
  [/^deployments?$/i, 'deployment'],
  [/^rollouts?$/i, 'rollout'],
  [/^domains?$/i, 'domain'],
  [/^(dns_?)?records?$/i, 'dnsRecord'],
  // `default_shared_for_org_uuid` names the organisation a new smart cluster is shared with.
  [/(^|_)org(ani[sz]ation)?s?$/i, 'organization'],
  [/^invitations?$/i, 'invitation'],
  [/^users?$/i, 'user'],
  [/^notifications?$/i, 'notification'],
  [/^registr(y|ies)$/i, 'registry'],
  [/^notification_?channels?$/i, 'notificationChannel'],
  // A git source's webhook (`/hooks/{provider}/{sourceId}`, issue 39).
  [/^(git_?)?sources?$/i, 'gitSource'],
];

function kindOfNoun(noun: string): ResourceKind | undefined {
  return nounKinds.find(([pattern]) => pattern.test(noun))?.[1];
}

/** The kind a name designates in `template`, or undefined when no rule knows it. */
export function kindOf(template: string, name: string): ResourceKind | undefined {
  // API keys are named, not numbered: their name is their id.
  if (name === 'name' && /api_key/.test(template)) return 'apiKeyName';
  // A deployment's host names point into a zone as surely as its id does (a record's `domain`
  // does not: it is read relative to the record's own zone).
  if (name === 'domain_names' || name === 'subdomains') return 'domainName';
  // A claim names the domain by its name (docs/domains.md).
  if (name === 'domain' && template.endsWith('/claim')) return 'domainName';
  // A monitoring page's {clusterId} is a member cluster's id, not a smart cluster's.
  if (name === 'clusterId' && template.startsWith('/monitoring/')) return 'memberCluster';
  const noun = /^(.*?)_?(Id|Uuid|_uuid|_uuids)$/.exec(name)?.[1];
  if (noun) return kindOfNoun(noun);
  if (!['id', 'uuid', 'uuids'].includes(name)) return undefined;
  const segments = template.split('/').filter((segment) => segment && !segment.startsWith('{'));
  const before = template.includes(`{${name}}`)
    ? template
        .slice(0, template.indexOf(`{${name}}`))
        .split('/')
        .filter(Boolean)
        .pop()
    : undefined;
  // A bare id in a body names the last noun of the path that has a kind.
  const nouns = before ? [before] : [...segments].reverse();
  return nouns.map(kindOfNoun).find((kind) => kind !== undefined);
}

/**
 * Which of the owner's ids (or the intruder's) a request puts in the field `field`: a parameter's
 * name, or a body field's path (`previews.domain_uuid`).
 */
export type Aim = (kind: ResourceKind, field: string) => string;

interface Target {
  template: string;
  aim: Aim;
  /** The intruder's own name, for the fields that name the caller (joining an organisation). */
  self: string;
  /** A list field to fill with two ids: the intruder's own, then the one aimed. */
  spread?: string;
}

/** Fields whose value is not an id but must look real for the request to be a real try. */
const namedValues: Record<string, unknown> = {
  image_name: 'registry.example/hijack:1',
  content: '192.0.2.66',
  // A zone import's master file (issue 38).
  text: 'www 3600 IN A 192.0.2.66',
  type: 'A',
  datacenters: ['ca-toronto'],
  // A new domain's name must be one (its organization_uuid is what the matrix aims).
  domain_name: 'isolation-matrix.ca',
  // A monitoring password must have 12 characters or more.
  password: 'isolation-monitoring-password',
  // A git source's repository and image (issue 39).
  repository: 'acme/isolation',
  image: 'ghcr.io/acme/isolation:{sha}',
  branch: 'main',
  // A configuration change's Basic settings (issue 36).
  settings: {
    deploymentImage: 'nginx:1.27',
    deploymentReplicas: 1,
    deploymentTargetPort: 8080,
    deploymentPort: 80,
    env: [{ name: 'ISOLATION', value: 'owner' }],
  },
};

/** The value of an id field: a host name under a domain, else the id itself. */
function idValue(kind: ResourceKind, field: string, target: Target): string {
  const id = target.aim(kind, field);
  return kind === 'domainName' ? `hijack.${id}` : id;
}

/** A body field: its name, and its path from the body's top (`previews.domain_uuid`). */
interface BodyField {
  name: string;
  path: string;
  schema: Schema;
}

/** A nullable field's schema without the null (`previews: {…} | null`). */
function nonNull(schema: Schema): Schema {
  return schema.anyOf?.find((option) => option.type !== 'null') ?? schema;
}

/** Every field of a JSON body, the fields of its nested objects too. */
function bodyFields(schema: Schema | undefined, prefix = ''): BodyField[] {
  return Object.entries(schema?.properties ?? {}).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    return [{ name, path, schema: property }, ...bodyFields(nonNull(property), `${path}.`)];
  });
}

/** The body fields that carry an id, nested ones included: each is aimed on its own. */
function bodyIdFields(template: string, schema: Schema | undefined): BodyField[] {
  return bodyFields(schema).filter((field) => kindOf(template, field.name));
}

/**
 * A minimal valid-looking value for `schema`, with every id field aimed by `target`; `path` is
 * the field's place in the body, what an aim names it by.
 */
function sampleValue(schema: Schema, name: string, path: string, target: Target): unknown {
  const kind = name ? kindOf(target.template, name) : undefined;
  if (kind) {
    const value = idValue(kind, path, target);
    if (schema.type !== 'array') return value;
    // A field name no aim singles out gets the intruder's own id.
    return target.spread === path ? [idValue(kind, '', target), value] : [value];
  }
  if (name === 'username') return target.self;
  // An alert channel's webhook: loopback, where nothing listens (the run allows private ones).
  if (name === 'url' && target.template.includes('notification_channels')) {
    return 'http://127.0.0.1:9/isolation';
  }
  if (namedValues[name] !== undefined) return namedValues[name];
  if (schema.enum) return schema.enum[0];
  const option = schema.anyOf?.find((candidate) => candidate.type !== 'null');
  if (option) return sampleValue(option, name, path, target);
  switch (schema.type) {
    case 'string':
      return 'isolation';
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'array':
      return [sampleValue(schema.items ?? {}, '', `${path}[]`, target)];
    default:
      return sampleObject(schema, path ? `${path}.` : '', target);
  }
}

function sampleObject(schema: Schema, prefix: string, target: Target): Record<string, unknown> {
  const properties = schema.properties ?? {};
  const all = Object.keys(properties);
  // The required fields and every field holding an id (itself, or an object with one: a git
  // source's `previews`), unless none is required: then every field (an empty change says nothing).
  const ids = all.filter(
    (name) =>
      kindOf(target.template, name) ||
      bodyIdFields(target.template, nonNull(properties[name]!)).length > 0,
  );
  const names = schema.required?.length ? [...new Set([...schema.required, ...ids])] : all;
  return Object.fromEntries(
    names.map((name) => [
      name,
      sampleValue(properties[name] ?? {}, name, `${prefix}${name}`, target),
    ]),
  );
}

/**
 * The operation's path, query and body fields that carry an id: a body field by its path, so
 * one nested in an object (`previews.domain_uuid`) is aimed on its own like any other.
 */
function idFields(template: string, method: string, operation: OpenApiOperation): string[] {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const form = operation.requestBody?.content?.['multipart/form-data']?.schema;
  const formNames = Object.keys(form?.properties ?? {}).filter((name) => kindOf(template, name));
  const bodyPaths = [...bodyIdFields(template, schema).map((field) => field.path), ...formNames];
  const parameters = operation.parameters ?? [];
  const pathNames = parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const queryNames = parameters
    .filter((p) => p.in === 'query' && kindOf(template, p.name))
    .map((p) => p.name);
  // Creating an API key names it in the caller's own namespace: only revoking aims at one.
  const aimed = method === 'post' ? bodyPaths.filter((path) => path !== 'name') : bodyPaths;
  return [...new Set([...pathNames, ...queryNames, ...aimed])];
}

/** Whether a body field holds uuids (one or a list). */
function holdsUuids(schema: Schema): boolean {
  return schema.format === 'uuid' || schema.items?.format === 'uuid';
}

/**
 * Path parameters, and uuid fields of JSON bodies, that no rule maps to a kind: each is an id
 * the matrix would not aim at the owner's.
 */
export function unmappedParameters(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) => {
      // An operation without credentials (a git webhook, issue 39) has no tenant's ids to aim:
      // its own secret is what guards it.
      if ((operation.security ?? []).length === 0) return [];
      const operationName = `${method.toUpperCase()} ${template}`;
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      const bodyIds = bodyFields(schema)
        .filter((field) => holdsUuids(field.schema) && !kindOf(template, field.name))
        .map((field) => `${operationName} body ${field.path}`);
      const pathIds = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'path' && !kindOf(template, parameter.name))
        .map((parameter) => `${operationName} {${parameter.name}}`);
      return [...pathIds, ...bodyIds];
    }),
  );
}

function requestBody(operation: OpenApiOperation, target: Target): MatrixRequest['body'] {
  const content = operation.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  if (jsonSchema) return { json: sampleValue(jsonSchema, '', '', target) };
  const formSchema = content['multipart/form-data']?.schema;
  if (formSchema) return { form: multipartForm(formSchema, target) };
  return undefined;
}

const basicTemplate = JSON.stringify({
  deploymentImage: 'registry.example/hijack:1',
  deploymentReplicas: 1,
  deploymentTargetPort: 8080,
  deploymentPort: 80,
  dockerRegistryType: 'public',
});

/** A small valid form: required fields, a Basic template, ids aimed by `target`. */
function multipartForm(schema: Schema, target: Target): Record<string, string> {
  const form: Record<string, string> = {};
  // As for JSON bodies: the required fields and every id field (organization_uuid on a create).
  const ids = Object.keys(schema.properties ?? {}).filter((name) => kindOf(target.template, name));
  for (const name of new Set([...(schema.required ?? []), ...ids])) {
    const kind = kindOf(target.template, name);
    if (kind) form[name] = idValue(kind, name, target);
    else if (name === 'template') form[name] = basicTemplate;
    else if (name === 'template_type') form[name] = 'KUBERNETES_BASIC';
    else form[name] = `hijack${Object.keys(form).length}`;
  }
  return form;
}

/**
 * Every operation that names an id (in its path, query or body), with all its ids the owner's;
 * and, when it names several, once per field with only that one the owner's and the rest the
 * intruder's own (B's deployment rolled back to A's version, B's version diffed with A's…).
 */
export function isolationMatrix(
  document: OpenApiDocument,
  owner: OwnedIds,
  intruder: OwnedIds,
): MatrixRequest[] {
  return Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) => {
      // Without credentials (a git webhook), no tenant's id is aimed: its own secret guards it.
      if ((operation.security ?? []).length === 0) return [];
      const fields = idFields(template, method, operation);
      if (fields.length === 0) return [];
      const self = intruder.username;
      const all = matrixRequest(method, operation, everyId, {
        template,
        self,
        aim: (kind) => owner[kind],
      });
      const onlyOne = (only: string, spread?: string): Target => ({
        template,
        self,
        spread,
        aim: (kind, field) => (field === only ? owner[kind] : intruder[kind]),
      });
      const mixed = fields.length < 2 ? [] : fields.map((only) => ({ only, spread: false }));
      // A list holding the intruder's own id and the owner's: all refused, or none?
      const spread = arrayIdFields(template, operation).map((only) => ({ only, spread: true }));
      const variants = [...mixed, ...spread].map((variant) =>
        matrixRequest(
          method,
          operation,
          variant.spread
            ? `${variant.only} = [intruder’s, owner’s]`
            : `only ${variant.only} the owner’s`,
          onlyOne(variant.only, variant.spread ? variant.only : undefined),
        ),
      );
      return [all, ...variants];
    }),
  );
}

/** The JSON body's list fields that hold ids (nested ones included), by path. */
function arrayIdFields(template: string, operation: OpenApiOperation): string[] {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  return bodyIdFields(template, schema)
    .filter((field) => field.schema.type === 'array')
    .map((field) => field.path);
}

/** Every operation that needs credentials, with its ids (if any) the owner's. */
export function securedOperations(
  document: OpenApiDocument,
  owner: OwnedIds,
  intruder: OwnedIds,
): MatrixRequest[] {
  return Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => (operation.security ?? []).length > 0)
      .map(([method, operation]) =>
        matrixRequest(method, operation, everyId, {
          template,
          self: intruder.username,
          aim: (kind) => owner[kind],
        }),
      ),
  );
}

function matrixRequest(
  method: string,
  operation: OpenApiOperation,
  aimedAt: string,
  target: Target,
): MatrixRequest {
  const parameters = operation.parameters ?? [];
  const path = target.template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(idValue(kindOf(target.template, name)!, name, target)),
  );
  const query = parameters.flatMap((parameter): [string, string][] => {
    const kind = parameter.in === 'query' ? kindOf(target.template, parameter.name) : undefined;
    return kind ? [[parameter.name, idValue(kind, parameter.name, target)]] : [];
  });
  // The only header parameter is the datacenter of a kubeconfig download.
  const headers = Object.fromEntries(
    parameters.filter((p) => p.in === 'header').map((p) => [p.name, 'ca-toronto']),
  );
  return {
    method: method.toUpperCase(),
    template: target.template,
    aimedAt,
    path: query.length ? `${path}?${new URLSearchParams(query).toString()}` : path,
    headers,
    body: requestBody(operation, target),
    acceptsApiKey: (operation.security ?? []).some((scheme) => 'apiKeyAuth' in scheme),
  };
}
