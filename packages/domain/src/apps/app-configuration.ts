import { z } from 'zod';
import { limits } from '../limits';
import { hasNoNul } from '../request-fields';

/**
 * What a Basic version runs with beside its image and ports (issue 36): environment, secrets,
 * health check, resources, autoscaling, a volume and the entrypoint. Each is optional; each
 * refusal is one sentence naming the field.
 */
export const configurationLimits = {
  envMax: 100,
  envValueMaxBytes: 32 * 1024,
  commandPartsMax: 50,
  commandPartMaxLength: 4096,
  healthCheckPathMaxLength: 1024,
  probeSecondsMax: 3600,
  failureThresholdMax: 100,
  quantityMaxLength: 20,
  mountPathMaxLength: 512,
} as const;

export const configurationMessages = {
  envName: (field: string) =>
    `Each ${field} name must start with a letter or an underscore and hold only letters, digits and underscores`,
  envDuplicate: (field: string, name: string) => `${name} is named twice in ${field}`,
  envTooMany: (field: string) => `Name at most ${configurationLimits.envMax} ${field} variables`,
  envValue: (field: string) =>
    `Each ${field} value must be text of at most ${configurationLimits.envValueMaxBytes / 1024} KB`,
  secretValueOrKeep: 'Each secret needs a value, or keep: true to keep the value it has',
  keepMissing: (name: string, version: string) =>
    `Secret ${name} has no value in ${version} to keep; please send its value`,
  fromOtherApp: 'from_version_uuid must name a version of this app',
  secretAlsoEnv: (name: string) => `${name} is both an environment variable and a secret`,
  healthCheckType: 'The health check type must be http, tcp or command',
  healthCheckPath: 'The health check path must start with / (at most 1,024 characters)',
  healthCheckPort: `The health check port must be a whole number from 1 to ${limits.portMax}`,
  healthCheckCommand: 'A command health check needs its command (a list of words)',
  probeSeconds: (field: string) =>
    `The health check's ${field} must be a whole number of seconds from 0 to ${configurationLimits.probeSecondsMax}`,
  failureThreshold: `The health check's failureThreshold must be a whole number from 1 to ${configurationLimits.failureThresholdMax}`,
  cpuQuantity: (field: string) =>
    `resources.${field} must be a CPU quantity such as 250m or 1.5 (greater than zero)`,
  memoryQuantity: (field: string) =>
    `resources.${field} must be a memory quantity such as 512Mi or 2Gi (greater than zero)`,
  requestAboveLimit: (kind: 'cpu' | 'memory') =>
    `The ${kind} request must not be above the ${kind} limit`,
  autoscalingReplicas: `Autoscaling replicas must be whole numbers from ${limits.replicasMin} to ${limits.replicasMax}`,
  autoscalingOrder: 'Autoscaling minReplicas must not be above maxReplicas',
  autoscalingRange: 'Replicas must be between the autoscaling minReplicas and maxReplicas',
  autoscalingTarget:
    'The autoscaling targetCPUUtilization must be a whole number of percent from 1 to 100',
  volumeSize: 'The volume size must be a storage quantity such as 1Gi (from 1Mi to 1Ti)',
  volumeMountPath:
    'The volume mountPath must be an absolute path such as /data (at most 512 characters)',
  volumeOneReplica:
    'An app with a volume runs one replica (the volume is mounted by one pod at a time): set replicas to 1 and no autoscaling',
  commandParts: (field: string) =>
    `${field} must be a list of at most ${configurationLimits.commandPartsMax} words of text`,
} as const;

export const envNamePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

const envName = (field: string) =>
  z
    .string({ error: configurationMessages.envName(field) })
    .regex(envNamePattern, configurationMessages.envName(field))
    .max(256, configurationMessages.envName(field));

const envValue = (field: string) =>
  z
    .string({ error: configurationMessages.envValue(field) })
    .refine(
      (value) => hasNoNul(value) && utf8Length(value) <= configurationLimits.envValueMaxBytes,
      configurationMessages.envValue(field),
    );

/** Names of a list are unique; a refusal names the first one seen twice. */
function uniqueNames(field: string) {
  return (list: readonly { name: string }[], context: z.RefinementCtx) => {
    const seen = new Set<string>();
    for (const { name } of list) {
      if (seen.has(name)) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: configurationMessages.envDuplicate(field, name),
        });
        return;
      }
      seen.add(name);
    }
  };
}

const listOf = <T extends z.ZodType<{ name: string }>>(field: string, item: T) =>
  z
    .array(item, { error: configurationMessages.envTooMany(field) })
    .max(configurationLimits.envMax, configurationMessages.envTooMany(field))
    .superRefine(uniqueNames(field));

export const envVariableSchema = z.object({ name: envName('env'), value: envValue('env') });
export type EnvVariable = z.infer<typeof envVariableSchema>;

/** A secret as written: its value, or `keep` to take the value of the version it is made from. */
export const secretWriteSchema = z
  .object({
    name: envName('secrets'),
    value: envValue('secrets').optional(),
    keep: z.boolean({ error: configurationMessages.secretValueOrKeep }).optional(),
  })
  .refine((secret) => (secret.value !== undefined) !== (secret.keep === true), {
    message: configurationMessages.secretValueOrKeep,
  });
export type SecretWrite = z.infer<typeof secretWriteSchema>;

/** A secret as every read shows it: its name, never its value. */
export const secretReadSchema = z.object({ name: z.string(), set: z.literal(true) });
export type SecretRead = z.infer<typeof secretReadSchema>;

const commandParts = (field: string) =>
  z
    .array(
      z
        .string({ error: configurationMessages.commandParts(field) })
        .max(configurationLimits.commandPartMaxLength, configurationMessages.commandParts(field))
        .refine(hasNoNul, configurationMessages.commandParts(field)),
      { error: configurationMessages.commandParts(field) },
    )
    .max(configurationLimits.commandPartsMax, configurationMessages.commandParts(field));

const wholeIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const healthCheckTypes = ['http', 'tcp', 'command'] as const;

export const healthCheckSchema = z
  .object({
    type: z.enum(healthCheckTypes, { error: configurationMessages.healthCheckType }),
    path: z
      .string({ error: configurationMessages.healthCheckPath })
      .regex(/^\/[^\s]*$/, configurationMessages.healthCheckPath)
      .max(configurationLimits.healthCheckPathMaxLength, configurationMessages.healthCheckPath)
      .optional(),
    port: wholeIn(1, limits.portMax, configurationMessages.healthCheckPort).optional(),
    command: commandParts('The health check command').optional(),
    initialDelaySeconds: wholeIn(
      0,
      configurationLimits.probeSecondsMax,
      configurationMessages.probeSeconds('initialDelaySeconds'),
    ).optional(),
    periodSeconds: wholeIn(
      1,
      configurationLimits.probeSecondsMax,
      configurationMessages.probeSeconds('periodSeconds'),
    ).optional(),
    failureThreshold: wholeIn(
      1,
      configurationLimits.failureThresholdMax,
      configurationMessages.failureThreshold,
    ).optional(),
  })
  .superRefine((check, context) => {
    if (check.type === 'command' && (check.command?.length ?? 0) === 0) {
      context.addIssue({
        code: 'custom',
        path: ['command'],
        message: configurationMessages.healthCheckCommand,
      });
    }
  });
export type HealthCheck = z.infer<typeof healthCheckSchema>;

const cpuPattern = /^(\d+(\.\d{1,3})?|\.\d{1,3})m?$/;
const memoryPattern = /^\d+(\.\d+)?(Ki|Mi|Gi|Ti|Pi|k|M|G|T|P)?$/;
const memoryUnits: Record<string, number> = {
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
};

/** A Kubernetes CPU quantity in cores ('250m' → 0.25, '1.5' → 1.5). */
export function cpuCores(quantity: string): number {
  return quantity.endsWith('m') ? Number(quantity.slice(0, -1)) / 1000 : Number(quantity);
}

/** A Kubernetes memory or storage quantity in bytes ('512Mi' → 536870912). */
export function quantityBytes(quantity: string): number {
  const unit = /[A-Za-z]+$/.exec(quantity)?.[0] ?? '';
  return Number(quantity.slice(0, quantity.length - unit.length)) * (memoryUnits[unit] ?? NaN);
}

const quantity = (pattern: RegExp, amount: (text: string) => number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(configurationLimits.quantityMaxLength, message)
    .regex(pattern, message)
    .refine((text) => amount(text) > 0, message);

const cpu = (field: string) =>
  quantity(cpuPattern, cpuCores, configurationMessages.cpuQuantity(field));
const memory = (field: string) =>
  quantity(memoryPattern, quantityBytes, configurationMessages.memoryQuantity(field));

export const resourcesSchema = z
  .object({
    cpuRequest: cpu('cpuRequest').optional(),
    cpuLimit: cpu('cpuLimit').optional(),
    memoryRequest: memory('memoryRequest').optional(),
    memoryLimit: memory('memoryLimit').optional(),
  })
  .superRefine((resources, context) => {
    const { cpuRequest, cpuLimit, memoryRequest, memoryLimit } = resources;
    if (cpuRequest && cpuLimit && cpuCores(cpuRequest) > cpuCores(cpuLimit)) {
      context.addIssue({
        code: 'custom',
        path: ['cpuRequest'],
        message: configurationMessages.requestAboveLimit('cpu'),
      });
    }
    if (memoryRequest && memoryLimit && quantityBytes(memoryRequest) > quantityBytes(memoryLimit)) {
      context.addIssue({
        code: 'custom',
        path: ['memoryRequest'],
        message: configurationMessages.requestAboveLimit('memory'),
      });
    }
  });
export type Resources = z.infer<typeof resourcesSchema>;

const autoscalingReplicas = wholeIn(
  limits.replicasMin,
  limits.replicasMax,
  configurationMessages.autoscalingReplicas,
);

export const autoscalingSchema = z
  .object({
    minReplicas: autoscalingReplicas,
    maxReplicas: autoscalingReplicas,
    targetCPUUtilization: wholeIn(1, 100, configurationMessages.autoscalingTarget),
  })
  .refine((scaling) => scaling.minReplicas <= scaling.maxReplicas, {
    message: configurationMessages.autoscalingOrder,
    path: ['minReplicas'],
  });
export type Autoscaling = z.infer<typeof autoscalingSchema>;

export const volumeSchema = z.object({
  size: z
    .string({ error: configurationMessages.volumeSize })
    .trim()
    .regex(memoryPattern, configurationMessages.volumeSize)
    .refine((size) => {
      const bytes = quantityBytes(size);
      return bytes >= 2 ** 20 && bytes <= 2 ** 40;
    }, configurationMessages.volumeSize),
  mountPath: z
    .string({ error: configurationMessages.volumeMountPath })
    .trim()
    .regex(/^\/[^\s:]*$/, configurationMessages.volumeMountPath)
    .max(configurationLimits.mountPathMaxLength, configurationMessages.volumeMountPath),
});
export type Volume = z.infer<typeof volumeSchema>;

/** The configuration fields of the Basic settings JSON, as written (secrets with values or keep). */
export const configurationWriteFields = {
  env: listOf('env', envVariableSchema).optional(),
  secrets: listOf('secrets', secretWriteSchema).optional(),
  healthCheck: healthCheckSchema.optional(),
  resources: resourcesSchema.optional(),
  autoscaling: autoscalingSchema.optional(),
  volume: volumeSchema.optional(),
  command: commandParts('command').optional(),
  args: commandParts('args').optional(),
};

/** The same fields as every read answers them: secrets by name only. */
export const configurationReadFields = {
  env: z.array(envVariableSchema).optional(),
  secrets: z.array(secretReadSchema).optional(),
  healthCheck: healthCheckSchema.optional(),
  resources: resourcesSchema.optional(),
  autoscaling: autoscalingSchema.optional(),
  volume: volumeSchema.optional(),
  command: z.array(z.string()).optional(),
  args: z.array(z.string()).optional(),
};

/** Rules across fields: replicas within autoscaling, a volume with one replica, no name twice. */
export function configurationRules(
  settings: {
    deploymentReplicas: number;
    env?: readonly { name: string }[] | undefined;
    secrets?: readonly { name: string }[] | undefined;
    autoscaling?: Autoscaling | undefined;
    volume?: Volume | undefined;
  },
  context: z.RefinementCtx,
): void {
  const { autoscaling, volume, deploymentReplicas } = settings;
  if (
    autoscaling &&
    autoscaling.minReplicas <= autoscaling.maxReplicas &&
    (deploymentReplicas < autoscaling.minReplicas || deploymentReplicas > autoscaling.maxReplicas)
  ) {
    context.addIssue({
      code: 'custom',
      path: ['deploymentReplicas'],
      message: configurationMessages.autoscalingRange,
    });
  }
  if (volume && (deploymentReplicas !== 1 || autoscaling)) {
    context.addIssue({
      code: 'custom',
      path: ['volume'],
      message: configurationMessages.volumeOneReplica,
    });
  }
  const envNames = new Set((settings.env ?? []).map((variable) => variable.name));
  const both = (settings.secrets ?? []).find((secret) => envNames.has(secret.name));
  if (both) {
    context.addIssue({
      code: 'custom',
      path: ['secrets'],
      message: configurationMessages.secretAlsoEnv(both.name),
    });
  }
}
