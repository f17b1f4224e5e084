import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse } from 'yaml';
import {
  coreVersions,
  groupList,
  openApiDocument,
  openApiIndex,
  resourceByPath,
  resourceList,
  type KubeResource,
} from './kube-resources';
import { KubeApiError, isRecord, type KubeObject, type WatchEvent } from './kube-store';
import { asTable } from './kube-tables';
import type { SimulatedCluster } from './simulated-cluster';

const maxBodyBytes = 2 * 1024 * 1024;
const maxWatchSeconds = 600;

export function sendJson(response: ServerResponse, code: number, body: unknown): void {
  response.writeHead(code, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export function sendStatus(response: ServerResponse, error: KubeApiError): void {
  sendJson(response, error.code, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: error.message,
    reason: error.reason,
    code: error.code,
  });
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes)
      throw new KubeApiError(413, 'RequestEntityTooLarge', 'request is too large');
    chunks.push(chunk);
  }
  let body: unknown;
  try {
    body = parse(Buffer.concat(chunks).toString('utf8'), { maxAliasCount: 0 });
  } catch {
    throw new KubeApiError(400, 'BadRequest', 'the request body is not valid JSON or YAML');
  }
  if (!isRecord(body))
    throw new KubeApiError(400, 'BadRequest', 'the request body is not an object');
  return body;
}

/** Where a path points: a resource, in a namespace or not, maybe one object and a subresource. */
interface Target {
  resource: KubeResource;
  namespace?: string;
  name?: string;
  subresource?: string;
}

function targetOf(segments: string[]): Target | undefined {
  const core = segments[0] === 'api';
  const groupVersion = core ? segments[1] : `${segments[1]}/${segments[2]}`;
  const rest = segments.slice(core ? 2 : 3);
  if (!groupVersion || rest.length === 0) return undefined;
  const namespaced = rest[0] === 'namespaces' && rest.length >= 3;
  const [resourceName, name, subresource] = namespaced ? rest.slice(2) : rest;
  const resource = resourceByPath(groupVersion, resourceName ?? '');
  if (!resource || (namespaced && !resource.namespaced)) return undefined;
  return { resource, ...(namespaced ? { namespace: rest[1] } : {}), name, subresource };
}

function discovery(path: string, origin: string): unknown {
  if (path === '/api') return coreVersions(new URL(origin).host);
  if (path === '/apis') return groupList();
  if (path === '/openapi/v3') return openApiIndex();
  if (path.startsWith('/openapi/v3/')) {
    const groupVersion = path.slice('/openapi/v3/'.length).replace(/^apis?\//, '');
    return resourceList(groupVersion) ? openApiDocument(groupVersion) : undefined;
  }
  if (path === '/apis/apiextensions.k8s.io/v1/customresourcedefinitions') {
    return {
      kind: 'CustomResourceDefinitionList',
      apiVersion: 'apiextensions.k8s.io/v1',
      metadata: {},
      items: [],
    };
  }
  const match = /^\/(?:api\/(v1)|apis\/([^/]+\/[^/]+))$/.exec(path);
  return match ? resourceList(match[1] ?? match[2] ?? '') : undefined;
}

/** A field by its dotted path (`involvedObject.name`), as text, for field selectors. */
function fieldOf(object: KubeObject, path: string): string | undefined {
  let value: unknown = object;
  for (const part of path.split('.')) value = isRecord(value) ? value[part] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** `a=b,c=d` label and `metadata.name=x`, `involvedObject.name=x` field selectors (equality only). */
function matches(object: KubeObject, query: URLSearchParams): boolean {
  const pairs = (text: string | null) =>
    (text ?? '')
      .split(',')
      .filter(Boolean)
      .map((term) => term.split(/==?/) as [string, string?]);
  for (const [key, value] of pairs(query.get('labelSelector'))) {
    if (object.metadata.labels?.[key] !== value) return false;
  }
  for (const [key, value] of pairs(query.get('fieldSelector'))) {
    if (fieldOf(object, key) !== value) return false;
  }
  return true;
}

function listOf(cluster: SimulatedCluster, target: Target, query: URLSearchParams) {
  const items = cluster
    .list(target.resource, target.namespace)
    .filter((object) => matches(object, query));
  return { items, resourceVersion: cluster.store.resourceVersion };
}

/** A chunked stream of watch events for the target's objects, held until its timeout. */
function watch(
  cluster: SimulatedCluster,
  target: Target,
  query: URLSearchParams,
  request: IncomingMessage,
  response: ServerResponse,
): void {
  response.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
  // Headers go at once, as the API server's do: client-go waits for them before it can stop a
  // watch, so `kubectl rollout status` on a finished rollout hung until its timeout without.
  response.flushHeaders();
  const send = (event: WatchEvent) => response.write(`${JSON.stringify(event)}\n`);
  const from = query.get('resourceVersion');
  if (!from || from === '0') {
    for (const object of listOf(cluster, target, query).items) send({ type: 'ADDED', object });
  }
  const derived = target.resource.readOnly;
  const stop = cluster.store.watch((event, resource) => {
    if (derived) {
      // Pods and ReplicaSets move with their Deployment: tell their state afresh.
      if (resource.kind !== 'Deployment') return;
      for (const object of listOf(cluster, target, query).items) send({ type: 'MODIFIED', object });
      return;
    }
    if (resource !== target.resource) return;
    if (target.namespace && event.object.metadata.namespace !== target.namespace) return;
    if (matches(event.object, query)) send(event);
  });
  const seconds = Math.min(Number(query.get('timeoutSeconds')) || maxWatchSeconds, maxWatchSeconds);
  const timer = setTimeout(() => response.end(), seconds * 1000);
  const end = () => {
    clearTimeout(timer);
    stop();
  };
  request.on('close', end);
  response.on('close', end);
}

/** A line as the API sends it: with `timestamps=true`, its RFC 3339 time and a space first. */
function logText(line: { at: number; text: string }, timestamps: boolean): string {
  return timestamps ? `${new Date(line.at).toISOString()} ${line.text}\n` : `${line.text}\n`;
}

/**
 * `GET …/pods/NAME/log`: the last `tailLines` (all since `sinceTime` when given), and with
 * `follow=true` each new line as the pod writes it, until the pod goes or the client leaves.
 */
function podLog(
  cluster: SimulatedCluster,
  target: Target,
  query: URLSearchParams,
  request: IncomingMessage,
  response: ServerResponse,
): void {
  const namespace = target.namespace ?? 'default';
  const pod = target.name ?? '';
  const timestamps = query.get('timestamps') === 'true';
  const sinceTime = Date.parse(query.get('sinceTime') ?? '');
  const tail = Math.min(Number(query.get('tailLines')) || (sinceTime ? 10_000 : 100), 10_000);
  const lines = cluster.logs(namespace, pod, {
    tail,
    ...(Number.isNaN(sinceTime) ? {} : { since: sinceTime - 1 }),
  });
  response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
  response.write(lines.map((line) => logText(line, timestamps)).join(''));
  if (query.get('follow') !== 'true') return void response.end();
  let last = lines.at(-1)?.at ?? cluster.behaviour.now();
  let timer: NodeJS.Timeout | undefined;
  // Wakes when the next line is due, so a follower sees each line as it is written.
  const next = () => {
    const step = cluster.logIntervalMs();
    timer = setTimeout(
      () => {
        try {
          const fresh = cluster.logs(namespace, pod, { tail: 10_000, since: last });
          // None due yet: nothing was written up to now either.
          last = fresh.at(-1)?.at ?? Math.max(last, cluster.behaviour.now());
          if (fresh.length) response.write(fresh.map((line) => logText(line, timestamps)).join(''));
          next();
        } catch {
          response.end();
        }
      },
      Math.max(0, last + step - cluster.behaviour.now()),
    );
  };
  next();
  const end = () => clearTimeout(timer);
  request.on('close', end);
  response.on('close', end);
}

function wantsTable(request: IncomingMessage): boolean {
  return /as=Table/.test(request.headers.accept ?? '');
}

async function write(
  cluster: SimulatedCluster,
  target: Target,
  request: IncomingMessage,
  query: URLSearchParams,
): Promise<KubeObject> {
  const body = await readBody(request);
  const metadata = isRecord(body.metadata) ? body.metadata : {};
  const name = target.name ?? String(metadata.name ?? '');
  if (!name) throw new KubeApiError(400, 'BadRequest', 'metadata.name is required');
  const namespace = target.resource.namespaced
    ? (target.namespace ??
      (typeof metadata.namespace === 'string' ? metadata.namespace : 'default'))
    : undefined;
  const exists = cluster.store.find(target.resource, namespace, name);
  if (request.method === 'POST' && exists) {
    throw new KubeApiError(
      409,
      'AlreadyExists',
      `${target.resource.name} "${name}" already exists`,
    );
  }
  const contentType = request.headers['content-type'] ?? '';
  const merged =
    request.method === 'PATCH' && !contentType.includes('apply-patch') && exists
      ? mergePatch(exists, body)
      : body;
  const manager = query.get('fieldManager') ?? 'kubectl';
  return cluster.apply(
    target.resource,
    namespace,
    { ...merged, metadata: { ...(isRecord(merged.metadata) ? merged.metadata : {}), name } },
    manager,
  );
}

/** JSON merge patch (RFC 7386), which strategic merge agrees with on the fields kubectl sends. */
function mergePatch(
  target: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else if (isRecord(value) && isRecord(result[key])) result[key] = mergePatch(result[key], value);
    else result[key] = value;
  }
  return result;
}

/** Answers one request to a simulated cluster's API (after its credentials were checked). */
export async function handleKubeRequest(
  cluster: SimulatedCluster,
  path: string,
  request: IncomingMessage,
  response: ServerResponse,
  origin: string,
): Promise<void> {
  const query = new URL(request.url ?? '/', 'https://localhost').searchParams;
  if (path === '/version') {
    const [, minor = '31'] = cluster.behaviour.kubeVersion.split('.');
    return sendJson(response, 200, {
      major: '1',
      minor,
      gitVersion: cluster.behaviour.kubeVersion,
      platform: 'linux/amd64',
    });
  }
  if (request.method === 'GET') {
    const document = discovery(path, origin);
    if (document) return sendJson(response, 200, document);
  }
  const target = targetOf(path.split('/').filter(Boolean));
  if (!target)
    throw new KubeApiError(
      404,
      'NotFound',
      `the server could not find the requested resource (${path})`,
    );
  const { resource, namespace, name, subresource } = target;
  if (request.method === 'GET' && !name) {
    if (query.get('watch') === 'true' || query.get('watch') === '1')
      return watch(cluster, target, query, request, response);
    const { items, resourceVersion } = listOf(cluster, target, query);
    if (wantsTable(request))
      return sendJson(
        response,
        200,
        asTable(resource, items, resourceVersion, cluster.behaviour.now()),
      );
    const listKind = `${resource.kind}List`;
    return sendJson(response, 200, {
      kind: listKind,
      apiVersion: resource.group ? `${resource.group}/${resource.version}` : 'v1',
      metadata: { resourceVersion },
      items,
    });
  }
  if (request.method === 'GET' && subresource === 'log' && resource.kind === 'Pod') {
    return podLog(cluster, target, query, request, response);
  }
  if (request.method === 'GET') {
    const object = cluster.get(resource, namespace, name ?? '');
    return sendJson(
      response,
      200,
      wantsTable(request)
        ? asTable(resource, [object], cluster.store.resourceVersion, cluster.behaviour.now())
        : object,
    );
  }
  if (request.method === 'DELETE' && name) {
    const removed = cluster.remove(resource, namespace, name);
    return sendJson(response, 200, removed);
  }
  if (['PATCH', 'PUT', 'POST'].includes(request.method ?? '') && !subresource) {
    const object = await write(cluster, target, request, query);
    return sendJson(response, request.method === 'POST' ? 201 : 200, object);
  }
  throw new KubeApiError(405, 'MethodNotAllowed', `${request.method} is not supported on ${path}`);
}
