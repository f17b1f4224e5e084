import { Writable } from 'node:stream';
import type { KubeConfig, KubernetesObjectApi } from '@kubernetes/client-node';
import type { LogLine, LogQuery, WorkloadSpec } from '../infrastructure-driver';
import { kubernetesLibrary } from './kubernetes-client';
import { isRecord, metadataOf, objectsToApply } from './kubernetes-workload';

/** One container whose log is read: its pod, namespace and name. */
export interface LogSource {
  namespace: string;
  pod: string;
  container: string;
}

// Caps: a workload of many pods or a chatty container never fills the server's memory.
const maxSources = 50;
const maxBytesPerSource = 2 * 1024 * 1024;
const maxLineChars = 8 * 1024;

/** The containers of the pods each of the workload's Deployments selects. */
export async function logSources(
  client: KubernetesObjectApi,
  workload: WorkloadSpec,
): Promise<LogSource[]> {
  const sources: LogSource[] = [];
  for (const object of objectsToApply(workload)) {
    if (object.kind !== 'Deployment') continue;
    const namespace = String(metadataOf(object).namespace ?? workload.namespace);
    const spec = isRecord(object.spec) ? object.spec : {};
    const selector = isRecord(spec.selector) ? spec.selector : {};
    const labels = isRecord(selector.matchLabels) ? selector.matchLabels : {};
    const labelSelector = Object.entries(labels)
      .map(([key, value]) => `${key}=${String(value)}`)
      .join(',');
    const list = await client.list(
      'v1',
      'Pod',
      namespace,
      undefined,
      undefined,
      undefined,
      undefined,
      labelSelector || undefined,
    );
    for (const pod of list.items) {
      const name = pod.metadata?.name ?? '';
      const podSpec: unknown = (pod as unknown as Record<string, unknown>).spec;
      const containers =
        isRecord(podSpec) && Array.isArray(podSpec.containers) ? podSpec.containers : [];
      for (const container of containers) {
        if (isRecord(container) && typeof container.name === 'string') {
          sources.push({ namespace, pod: name, container: container.name });
        }
      }
    }
  }
  return sources.slice(0, maxSources);
}

/** A set of sources as one comparable string, whatever their order. */
const sourceSetKey = (sources: readonly LogSource[]) =>
  sources
    .map((source) => `${source.namespace}/${source.pod}/${source.container}`)
    .sort()
    .join('\n');

/**
 * Lists the workload's sources every `everyMs` until `signal` aborts, and calls `onChange` once
 * the set differs from `followed` (a rollout's new pods, a scale-up): the follow then starts over
 * on the new set instead of waiting for every old stream to end.
 */
export function watchSourceSet(
  list: () => Promise<LogSource[]>,
  followed: readonly LogSource[],
  everyMs: number,
  onChange: () => void,
  signal: AbortSignal,
): void {
  const known = sourceSetKey(followed);
  const check = async () => {
    if (signal.aborted) return;
    const now = await list().catch(() => null);
    if (signal.aborted) return;
    // A failed listing says nothing about the pods: the next look decides.
    if (now && sourceSetKey(now) !== known) return onChange();
    timer = setTimeout(() => void check(), everyMs);
    timer.unref();
  };
  let timer = setTimeout(() => void check(), everyMs);
  timer.unref();
  signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
}

/** A line as the API sends it with `timestamps=true`: its RFC 3339 time, a space, the text. */
export function parseLogLine(source: LogSource, raw: string): LogLine | undefined {
  const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  if (!line) return undefined;
  const space = line.indexOf(' ');
  const stamp = space > 0 ? line.slice(0, space) : '';
  const time = Date.parse(stamp);
  const text = Number.isNaN(time) ? line : line.slice(space + 1);
  return {
    at: Number.isNaN(time) ? new Date().toISOString() : new Date(time).toISOString(),
    pod: source.pod,
    container: source.container,
    text: text.length > maxLineChars ? `${text.slice(0, maxLineChars)}…` : text,
  };
}

/** A writable that hands on each whole line it receives, keeping a partial one for the next chunk. */
function lineSink(source: LogSource, onLines: (lines: LogLine[]) => void): Writable {
  let partial = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const parts = (partial + chunk.toString()).split('\n');
      partial = parts.pop() ?? '';
      if (partial.length > maxLineChars) partial = partial.slice(0, maxLineChars);
      const lines = parts.flatMap((part) => parseLogLine(source, part) ?? []);
      if (lines.length) onLines(lines);
      done();
    },
    final(done) {
      const last = parseLogLine(source, partial);
      if (last) onLines([last]);
      done();
    },
  });
}

/** Oldest first; lines of the same instant keep their pod's order. */
export function byTime(lines: LogLine[]): LogLine[] {
  return lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => a.line.at.localeCompare(b.line.at) || a.index - b.index)
    .map(({ line }) => line);
}

function logOptions(query: LogQuery, follow: boolean) {
  return {
    follow,
    timestamps: true,
    ...(query.sinceTime ? { sinceTime: query.sinceTime } : { tailLines: query.tail }),
    ...(follow ? {} : { limitBytes: maxBytesPerSource }),
  };
}

/** The last `tail` lines of every source, merged by time; each read ends by `deadlineMs`. */
export async function readSourceLogs(
  config: KubeConfig,
  sources: readonly LogSource[],
  query: LogQuery,
  deadlineMs: number,
): Promise<LogLine[]> {
  const log = new (await kubernetesLibrary()).Log(config);
  const read = sources.map(async (source): Promise<LogLine[] | { failed: unknown }> => {
    const lines: LogLine[] = [];
    const sink = lineSink(source, (batch) => lines.push(...batch));
    const finished = new Promise<void>((resolve) => sink.on('finish', resolve));
    let controller: AbortController;
    try {
      controller = await log.log(
        source.namespace,
        source.pod,
        source.container,
        sink,
        logOptions(query, false),
      );
    } catch (error) {
      // A container not started yet has no log: the others' lines are still worth showing.
      return { failed: error };
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadlineMs)));
    await Promise.race([finished, late]);
    clearTimeout(timer);
    controller.abort();
    return lines;
  });
  const results = await Promise.all(read);
  const [first] = results;
  if (first && !Array.isArray(first) && results.every((result) => !Array.isArray(result))) {
    throw first.failed;
  }
  return byTime(results.flatMap((result) => (Array.isArray(result) ? result : []))).slice(
    -query.tail,
  );
}

/**
 * Follows every source until `signal` aborts; resolves then, or once every stream has ended
 * (its pods went), so the caller can look for the workload's new pods.
 */
export async function followSourceLogs(
  config: KubeConfig,
  sources: readonly LogSource[],
  query: LogQuery,
  onLines: (lines: LogLine[]) => void,
  signal: AbortSignal,
): Promise<void> {
  const log = new (await kubernetesLibrary()).Log(config);
  const controllers: AbortController[] = [];
  const stopAll = () => controllers.forEach((controller) => controller.abort());
  signal.addEventListener('abort', stopAll, { once: true });
  try {
    const ended = sources.map(async (source): Promise<{ failed: unknown } | undefined> => {
      const sink = lineSink(source, onLines);
      const finished = new Promise<void>((resolve) => {
        sink.on('finish', resolve);
        sink.on('close', resolve);
        // The stream broke (the source unpipes without ending): the caller opens again.
        sink.on('unpipe', () => resolve());
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
      try {
        const controller = await log.log(
          source.namespace,
          source.pod,
          source.container,
          sink,
          logOptions(query, true),
        );
        controllers.push(controller);
        if (signal.aborted) controller.abort();
      } catch (error) {
        // A container not started yet: the others are still followed.
        return { failed: error };
      }
      await finished;
      return undefined;
    });
    const results = await Promise.all(ended);
    const [first] = results;
    if (first && !signal.aborted && results.every((result) => result !== undefined)) {
      throw first.failed;
    }
  } finally {
    stopAll();
    signal.removeEventListener('abort', stopAll);
  }
}
