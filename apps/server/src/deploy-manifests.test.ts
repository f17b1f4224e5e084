import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { z } from 'zod';
import { loadConfig } from './platform/config';

/** The repository root, found from this file so the working directory does not matter. */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const manifestsDir = `${root}deploy/kubernetes`;
/** CI has kubectl here; KUBECTL points elsewhere. */
const kubectl = process.env.KUBECTL ?? '/usr/bin/kubectl';

// The parts of each object these checks read, parsed so that a missing field fails by name.
const labels = z.record(z.string(), z.string());
const portRef = z.union([z.string(), z.number()]);
const probe = z.object({ httpGet: z.object({ path: z.string(), port: portRef }) });
const quantities = z.object({ cpu: z.string(), memory: z.string() });
const seccomp = z.object({ type: z.string() });
const envVar = z.object({
  name: z.string(),
  value: z.string().optional(),
  valueFrom: z
    .object({
      secretKeyRef: z
        .object({ name: z.string(), key: z.string(), optional: z.boolean().optional() })
        .optional(),
    })
    .optional(),
});
const container = z.object({
  image: z.string(),
  ports: z.array(z.object({ name: z.string().optional(), containerPort: z.number() })),
  env: z.array(envVar),
  startupProbe: probe.optional(),
  livenessProbe: probe,
  readinessProbe: probe,
  resources: z.object({ requests: quantities, limits: quantities }),
  securityContext: z.object({
    runAsNonRoot: z.boolean().optional(),
    allowPrivilegeEscalation: z.boolean(),
    readOnlyRootFilesystem: z.boolean(),
    capabilities: z.object({ drop: z.array(z.string()) }),
    seccompProfile: seccomp.optional(),
  }),
  volumeMounts: z.array(z.object({ name: z.string(), mountPath: z.string() })).default([]),
});
const deployment = z.object({
  metadata: z.object({ name: z.string(), namespace: z.string() }),
  spec: z.object({
    replicas: z.number(),
    selector: z.object({ matchLabels: labels }),
    template: z.object({
      metadata: z.object({ labels }),
      spec: z.object({
        automountServiceAccountToken: z.boolean().optional(),
        securityContext: z.object({
          runAsNonRoot: z.boolean(),
          runAsUser: z.number().optional(),
          seccompProfile: seccomp.optional(),
        }),
        containers: z.array(container).length(1),
        volumes: z
          .array(z.object({ name: z.string(), emptyDir: z.looseObject({}).optional() }))
          .default([]),
      }),
    }),
  }),
});
const service = z.object({
  spec: z.object({
    selector: labels,
    ports: z.array(
      z.object({ name: z.string().optional(), port: z.number(), targetPort: portRef }),
    ),
  }),
});
const ingress = z.object({
  metadata: z.object({ annotations: labels }),
  spec: z.object({
    ingressClassName: z.string(),
    rules: z.array(
      z.object({
        http: z.object({
          paths: z.array(
            z.object({
              backend: z.object({
                service: z.object({
                  name: z.string(),
                  port: z.object({ name: z.string().optional(), number: z.number().optional() }),
                }),
              }),
            }),
          ),
        }),
      }),
    ),
  }),
});
const disruptionBudget = z.object({
  spec: z.object({
    selector: z.object({ matchLabels: labels }),
    maxUnavailable: portRef.optional(),
    minAvailable: portRef.optional(),
  }),
});
const object = z.object({
  kind: z.string(),
  metadata: z.object({ name: z.string(), namespace: z.string().optional() }),
});

interface Rendered {
  objects: z.infer<typeof object>[];
  raw: unknown[];
}

/** `kubectl kustomize deploy/kubernetes`, parsed; fails loudly without kubectl. */
async function render(): Promise<Rendered> {
  if (!existsSync(kubectl)) {
    throw new Error(
      `kubectl is missing at ${kubectl}: the Kubernetes manifests cannot be checked without it. ` +
        'Install the Kubernetes 1.32 client (CI has it) or set KUBECTL to its path.',
    );
  }
  const { stdout } = await promisify(execFile)(kubectl, ['kustomize', manifestsDir], {
    maxBuffer: 10 * 1024 * 1024,
  });
  const raw = parseAllDocuments(stdout).map((document) => {
    if (document.errors.length > 0) throw document.errors[0];
    return document.toJS() as unknown;
  });
  return { raw, objects: raw.map((value) => object.parse(value)) };
}

function only<T>(rendered: Rendered, kind: string, schema: z.ZodType<T>): T {
  const found = rendered.raw.filter((_value, index) => rendered.objects[index]!.kind === kind);
  expect(found, `exactly one ${kind}`).toHaveLength(1);
  return schema.parse(found[0]);
}

function isSubset(selector: Record<string, string>, podLabels: Record<string, string>): boolean {
  return Object.entries(selector).every(([key, value]) => podLabels[key] === value);
}

describe('deploy/kubernetes, rendered by kubectl kustomize', () => {
  let rendered: Rendered;
  let app: z.infer<typeof deployment>;
  let pod: z.infer<typeof deployment>['spec']['template'];
  let server: z.infer<typeof container>;
  let httpPort: number;
  beforeAll(async () => {
    rendered = await render();
    app = only(rendered, 'Deployment', deployment);
    pod = app.spec.template;
    server = pod.spec.containers[0]!;
    httpPort = server.ports.find((port) => port.name === 'http')!.containerPort;
  });

  /** A port as a probe, the Service or the Ingress names it: by number or by name. */
  const containerPortOf = (ref: string | number) =>
    typeof ref === 'number' ? ref : server.ports.find((port) => port.name === ref)?.containerPort;

  it('holds the namespace, workload, service, ingress and budget, and no Secret', () => {
    const kinds = rendered.objects.map((item) => item.kind).sort();
    expect(kinds).toEqual([
      'Deployment',
      'Ingress',
      'Namespace',
      'PodDisruptionBudget',
      'Service',
      'ServiceAccount',
    ]);
    for (const item of rendered.objects.filter((entry) => entry.kind !== 'Namespace')) {
      expect(item.metadata.namespace, `${item.kind} ${item.metadata.name}`).toBe('meridian');
    }
  });

  it('runs 3 replicas of meridian, selected by the labels their pods carry', () => {
    expect(app.metadata.name).toBe('meridian');
    expect(app.spec.replicas).toBe(3);
    expect(isSubset(app.spec.selector.matchLabels, pod.metadata.labels)).toBe(true);
    expect(server.image).toBe('meridian:latest');
  });

  it('probes readiness on /readyz and liveness on /healthz, on the HTTP port', () => {
    expect(server.readinessProbe.httpGet.path).toBe('/readyz');
    expect(server.livenessProbe.httpGet.path).toBe('/healthz');
    for (const check of [server.readinessProbe, server.livenessProbe, server.startupProbe]) {
      if (check) expect(containerPortOf(check.httpGet.port)).toBe(httpPort);
    }
  });

  it('requests and limits CPU and memory', () => {
    const { requests, limits } = server.resources;
    for (const value of [requests.cpu, requests.memory, limits.cpu, limits.memory]) {
      expect(value).toMatch(/^\d+(\.\d+)?(m|Mi|Gi)?$/);
    }
  });

  it('runs as non-root, read-only, without privileges, under the runtime seccomp profile', () => {
    expect(pod.spec.securityContext.runAsNonRoot).toBe(true);
    expect(pod.spec.securityContext.runAsUser).not.toBe(0);
    expect(server.securityContext.allowPrivilegeEscalation).toBe(false);
    expect(server.securityContext.readOnlyRootFilesystem).toBe(true);
    expect(server.securityContext.capabilities.drop).toContain('ALL');
    const profile =
      server.securityContext.seccompProfile ?? pod.spec.securityContext.seccompProfile;
    expect(profile?.type).toBe('RuntimeDefault');
    expect(pod.spec.automountServiceAccountToken).toBe(false);
    // tsx caches compiled sources under /tmp: with a read-only root it must be a volume.
    const tmp = server.volumeMounts.find((mount) => mount.mountPath === '/tmp');
    const volume = pod.spec.volumes.find((entry) => entry.name === tmp?.name);
    expect(volume?.emptyDir).toBeDefined();
  });

  it('takes DATABASE_URL and MERIDIAN_SECRET_KEY from the Secret, required', () => {
    for (const name of ['DATABASE_URL', 'MERIDIAN_SECRET_KEY']) {
      const variable = server.env.find((entry) => entry.name === name);
      expect(variable?.valueFrom?.secretKeyRef, name).toEqual({ name: 'meridian', key: name });
    }
  });

  it('sets only variables the server accepts, listening on the container port for all', () => {
    const env: Record<string, string> = {};
    for (const variable of server.env) {
      // Stand-ins for the Secret's values, valid in form.
      env[variable.name] =
        variable.value ??
        (variable.name === 'DATABASE_URL'
          ? 'postgres://meridian@postgres.internal:5432/meridian'
          : 'a-secret-of-sixteen-or-more-characters');
    }
    const config = loadConfig(env, '/app');
    expect(config.port).toBe(httpPort);
    expect(config.host).toBe('0.0.0.0');
    // Behind the ingress controller: the client address comes from its X-Forwarded-For.
    expect(config.trustProxy.length).toBeGreaterThan(0);
    for (const name of Object.keys(env)) {
      expect(name).toMatch(/^(HOST|PORT|LOG_LEVEL|DATABASE_URL|MERIDIAN_[A-Z_]+)$/);
    }
  });

  it('exposes the container port through the Service', () => {
    const { spec } = only(rendered, 'Service', service);
    expect(isSubset(spec.selector, pod.metadata.labels)).toBe(true);
    expect(spec.ports).toHaveLength(1);
    expect(containerPortOf(spec.ports[0]!.targetPort)).toBe(httpPort);
  });

  it('routes the nginx Ingress to the Service with cookie affinity for socket.io', () => {
    const { metadata, spec } = only(rendered, 'Ingress', ingress);
    const { spec: serviceSpec } = only(rendered, 'Service', service);
    expect(spec.ingressClassName).toBe('nginx');
    expect(metadata.annotations).toMatchObject({
      'nginx.ingress.kubernetes.io/affinity': 'cookie',
      'nginx.ingress.kubernetes.io/affinity-mode': 'persistent',
      'nginx.ingress.kubernetes.io/session-cookie-name': expect.any(String),
    });
    const backends = spec.rules.flatMap((rule) => rule.http.paths.map((path) => path.backend));
    expect(backends.length).toBeGreaterThan(0);
    for (const { service: target } of backends) {
      expect(target.name).toBe('meridian');
      const port = serviceSpec.ports.find(
        (entry) => entry.name === target.port.name || entry.port === target.port.number,
      );
      expect(port, JSON.stringify(target.port)).toBeDefined();
    }
  });

  it('lets a drain take one replica at a time', () => {
    const { spec } = only(rendered, 'PodDisruptionBudget', disruptionBudget);
    expect(isSubset(spec.selector.matchLabels, pod.metadata.labels)).toBe(true);
    expect(spec).toMatchObject({ maxUnavailable: 1 });
  });

  it('documents every Secret key in secret.example.yaml, with placeholders the server refuses', () => {
    const example = z
      .object({ metadata: z.object({ name: z.string() }), stringData: labels })
      .parse(parse(readFileSync(`${manifestsDir}/secret.example.yaml`, 'utf8')));
    expect(example.metadata.name).toBe('meridian');
    const required = server.env.filter(
      (variable) => variable.valueFrom?.secretKeyRef && !variable.valueFrom.secretKeyRef.optional,
    );
    for (const variable of required) {
      expect(Object.keys(example.stringData)).toContain(variable.valueFrom!.secretKeyRef!.key);
    }
    // An unedited copy must stop the server at start, not run with a published key.
    expect(() => loadConfig(example.stringData, '/app')).toThrow(/DATABASE_URL[\s\S]*SECRET_KEY/);
  });

  it('matches the Containerfile: its exposed port and its numeric non-root user', () => {
    const containerfile = readFileSync(`${root}Containerfile`, 'utf8');
    expect(containerfile).toMatch(new RegExp(`^EXPOSE ${httpPort}$`, 'm'));
    const user = /^USER (\d+)(?::\d+)?$/m.exec(containerfile)?.[1];
    expect(Number(user)).toBe(pod.spec.securityContext.runAsUser);
    expect(Number(user)).not.toBe(0);
  });
});
