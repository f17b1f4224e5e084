import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { createUserSchema } from '@meridian/domain/auth/user';
import { domainNamePattern } from '@meridian/domain/domains/domain-api';
import { defaultResponseRateLimit, type ResponseRateLimitOptions } from './dns/response-rate-limit';
import type { TrafficShift } from './drivers/simulator/simulator-driver';

/** Where `npm run build` puts the console, found from this file so the cwd does not matter. */
const builtWebDistDir = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const trafficShiftMessage =
  'must be JSON like {"name":"Tokyo","latitude":35.68,"longitude":139.69,"share":0.8}';
const trafficShiftSchema = z.object(
  {
    name: z.string({ error: trafficShiftMessage }).trim().min(1, trafficShiftMessage).max(100),
    latitude: z.number({ error: trafficShiftMessage }).min(-90).max(90),
    longitude: z.number({ error: trafficShiftMessage }).min(-180).max(180),
    share: z.number({ error: trafficShiftMessage }).min(0).max(1),
  },
  { error: trafficShiftMessage },
);

const errorRatesMessage =
  'must be JSON mapping datacenter uuids to a 5xx share from 0 to 1, e.g. {"ca-montreal":0.3}';

const trustProxyMessage =
  'must be proxy addresses or networks separated by commas, e.g. 127.0.0.1,10.0.0.0/8 or loopback';
const namedNetworks = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a network in CIDR form, or one of proxy-addr's named networks. */
function isProxyAddress(entry: string): boolean {
  return namedNetworks.includes(entry) || isNetwork(entry);
}

/** An address, or a network in CIDR form. */
function isNetwork(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** A list given as `a, b, c` (empty when unset), each entry trimmed, checked as a whole. */
function commaSeparated(check: (entries: string[]) => boolean, message: string) {
  return z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string()).refine(check, { message }));
}

/** Datacenter uuids given as `a, b` (none when unset). */
function uuidList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((uuid) => uuid.trim())
    .filter(Boolean);
}

function wholeNumber(min: number, max: number) {
  return z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`);
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// The admin account is validated with the same rules as `POST /auth/users`, so the bootstrap
// can never create a user the API itself would refuse.
const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  MERIDIAN_DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  MERIDIAN_ADMIN_USER: createUserSchema.shape.username.default('admin'),
  MERIDIAN_ADMIN_PASSWORD: createUserSchema.shape.password.optional(),
  MERIDIAN_ADMIN_EMAIL: createUserSchema.shape.email.optional(),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  MERIDIAN_WEB_DIST: z.string().trim().min(1).optional(),
  MERIDIAN_SIM_TIME_SCALE: z.coerce
    .number({ error: 'must be a number' })
    .min(0, 'must be at least 0')
    .default(0.02),
  MERIDIAN_SIM_FAIL_DATACENTERS: z.string().optional(),
  MERIDIAN_SIM_FAIL_ROLLOUTS: z.string().optional(),
  MERIDIAN_SIM_ERROR_RATES: z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: errorRatesMessage });
        return z.NEVER;
      }
    })
    .pipe(
      z.record(
        z.string(),
        z.number({ error: errorRatesMessage }).min(0, errorRatesMessage).max(1, errorRatesMessage),
        { error: errorRatesMessage },
      ),
    )
    .optional(),
  MERIDIAN_SIM_KUBE_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(6443),
  MERIDIAN_SIM_TRAFFIC_SHIFT: z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: trafficShiftMessage });
        return z.NEVER;
      }
    })
    .pipe(trafficShiftSchema)
    .optional(),
  MERIDIAN_REPLACEMENT_CHECK_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(1, 'must be at least 1')
    .max(86_400, 'must be at most 86400 (a day)')
    .default(300),
  MERIDIAN_REPLACEMENT_COOLDOWN_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0, 'must be at least 0')
    .default(21_600),
  MERIDIAN_TRAFFIC_SAMPLE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0.1, 'must be at least 0.1')
    .max(86_400, 'must be at most 86400 (a day)')
    .default(10),
  MERIDIAN_METRICS_RETENTION_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .min(1, 'must be at least 1')
    .max(8_760, 'must be at most 8760 (a year)')
    .default(168),
  MERIDIAN_JOB_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(1, 'must be at least 1')
    .max(82_800, 'must be at most 82800 (23 hours)')
    .optional(),
  MERIDIAN_JOB_MAINTENANCE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(3_600, 'must be at most 3600 (an hour)')
    .optional(),
  MERIDIAN_SECRET_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  MERIDIAN_SECRET_KEY_PREVIOUS: commaSeparated(
    (keys) => keys.every((key) => key.length >= 16),
    'each key must be at least 16 characters',
  ),
  MERIDIAN_TRUST_PROXY: commaSeparated(
    (entries) => entries.every(isProxyAddress),
    trustProxyMessage,
  ),
  MERIDIAN_DNS_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(5353),
  MERIDIAN_DNS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  MERIDIAN_DNS_RRL_RESPONSES_PER_SECOND: wholeNumber(0, 100_000).default(
    defaultResponseRateLimit.responsesPerSecond,
  ),
  MERIDIAN_DNS_RRL_WINDOW_SECONDS: wholeNumber(1, 3_600).default(
    defaultResponseRateLimit.windowSeconds,
  ),
  MERIDIAN_DNS_RRL_SLIP: wholeNumber(0, 10).default(defaultResponseRateLimit.slip),
  MERIDIAN_DNS_RRL_EXEMPT: commaSeparated(
    (entries) => entries.every(isNetwork),
    'must be addresses or networks separated by commas, e.g. 192.0.2.53,198.51.100.0/24',
  ),
  MERIDIAN_NAMESERVERS: z
    .string()
    .default('ns1.meridian-dns.example,ns2.meridian-dns.example')
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim().toLowerCase().replace(/\.$/, ''))
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(domainNamePattern, 'must be host names separated by commas'))
        .min(1, 'must name at least one name server'),
    ),
  MERIDIAN_PDNS_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
    .optional(),
  MERIDIAN_PDNS_API_KEY: z.string().min(1).optional(),
  MERIDIAN_ACME_DIRECTORY_URL: z
    .url({ protocol: /^https$/, error: 'must be an https:// URL of an ACME directory' })
    .optional(),
  MERIDIAN_ACME_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  MERIDIAN_ACME_CA_FILE: z.string().trim().min(1).optional(),
  MERIDIAN_CERT_RENEWAL_CHECK_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(1, 'must be at least 1')
    .max(86_400, 'must be at most 86400 (a day)')
    .default(3_600),
  /** The resolver a domain claim's TXT proof is looked up through (host:port); the system's when unset. */
  MERIDIAN_VERIFY_RESOLVER: z
    .string()
    .regex(
      /^(?:[\w.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i,
      'must be host or host:port, e.g. 1.1.1.1:53',
    )
    .optional(),
  MERIDIAN_ALLOW_PRIVATE_CLUSTERS: z
    .enum(['0', '1', 'false', 'true'], {
      error: 'must be 1 (also dial private and loopback cluster addresses) or 0',
    })
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  /** Every user-configured destination (cluster APIs, alert webhooks) may be private or loopback. */
  MERIDIAN_ALLOW_PRIVATE_OUTBOUND: z
    .enum(['0', '1', 'false', 'true'], {
      error: 'must be 1 (also dial private and loopback addresses users configure) or 0',
    })
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  /** Where e-mail alerts are sent (smtp://host:port or smtps://user:pass@host); unset, none. */
  MERIDIAN_SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MERIDIAN_SMTP_FROM: z.string().min(3).default('Meridian <alerts@localhost>'),
});

export type LogLevel = (typeof logLevels)[number];

export interface Config {
  port: number;
  host: string;
  /** Absolute path; PGlite data, the local CA and generated keys live here. */
  dataDir: string;
  /** When set, PostgreSQL is used instead of the embedded PGlite. */
  databaseUrl?: string;
  admin: { username: string; password?: string; email?: string };
  logLevel: LogLevel;
  /** Absolute path of the built web console (its index.html and assets/). */
  webDistDir: string;
  /** Simulator clock (1 = real durations, 0 = immediate), failing datacenters, moved users. */
  simulator: {
    timeScale: number;
    failDatacenters: string[];
    /** Datacenters where every rollout gets stuck (fault injection). */
    failRolloutDatacenters: string[];
    trafficShift?: TrafficShift;
    /** The 5xx share of every workload in these datacenters (fault injection). */
    errorRates?: Record<string, number>;
    /** The member clusters' Kubernetes API port on loopback (taken: any free one). */
    kubeApi: { port: number };
  };
  /** How often the traffic of deployed apps is sampled, in milliseconds. */
  trafficSampleIntervalMs: number;
  /** How long deployment metrics are kept, in milliseconds. */
  metricsRetentionMs: number;
  /**
   * A job attempt's deadline (default 120 s); a job held by a process that died is retried by
   * another after it plus one maintenance interval (default 30 s), so a test of replicas
   * shortens both.
   */
  jobTimeoutSeconds?: number;
  jobMaintenanceSeconds?: number;
  /** How often AUTOMATIC smart clusters are re-placed on their traffic, and how long a move holds. */
  replacement: { checkIntervalMs: number; cooldownMs: number };
  /** Key sealing secrets at rest; unset, one is generated into the data dir. */
  secretKey?: string;
  /** Earlier keys that still open what they sealed, until `npm run secrets:rotate`. */
  previousSecretKeys: string[];
  /** Reverse proxies whose X-Forwarded-For names the client; empty believes none. */
  trustProxy: string[];
  /** Whether external clusters may be on private or loopback addresses (never link-local). */
  allowPrivateClusters: boolean;
  /** MERIDIAN_ALLOW_PRIVATE_OUTBOUND: webhooks (and clusters) may be private or loopback. */
  allowPrivateOutbound: boolean;
  /** E-mail alerts' SMTP server and sender. */
  smtp: { url?: string; from: string };
  certificates: {
    /**
     * Set: every certificate is ordered from this ACME directory with dns-01 through Meridian's
     * own DNS (docs/certificates.md); unset, the local authority signs them.
     */
    acme?: { directoryUrl: string; email?: string; caFile?: string };
    /** How often the renewal round looks for certificates to renew and owners to warn. */
    renewalCheckIntervalMs: number;
  };
  dns: {
    /** Built-in responder port (UDP and TCP); 0 turns it off. */
    port: number;
    host: string;
    /** The fixed name servers served as NS, without trailing dots. */
    nameservers: string[];
    /** Set when zones are also published to PowerDNS through its HTTP API. */
    powerDns?: { apiUrl: string; apiKey: string };
    /** The built-in responder's UDP response-rate limiting; false (a rate of 0) turns it off. */
    rateLimit: ResponseRateLimitOptions | false;
    /** MERIDIAN_VERIFY_RESOLVER: where claims look their TXT proof up; the system's when unset. */
    verifyResolver?: string;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** MERIDIAN_ACME_* and the renewal round's interval (docs/certificates.md). */
function certificateSettings(vars: z.infer<typeof envSchema>) {
  return {
    ...(vars.MERIDIAN_ACME_DIRECTORY_URL
      ? {
          acme: {
            directoryUrl: vars.MERIDIAN_ACME_DIRECTORY_URL,
            email: vars.MERIDIAN_ACME_EMAIL,
            caFile: vars.MERIDIAN_ACME_CA_FILE,
          },
        }
      : {}),
    renewalCheckIntervalMs: Math.round(vars.MERIDIAN_CERT_RENEWAL_CHECK_SECONDS * 1000),
  };
}

/** Reads the environment of architecture "Configuration"; throws a ConfigError naming every bad variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): Config {
  // An empty variable (`PORT=` in a compose file) means "not set", not "set to nothing".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const vars = parsed.data;
  if (Boolean(vars.MERIDIAN_PDNS_API_URL) !== Boolean(vars.MERIDIAN_PDNS_API_KEY)) {
    const missing = vars.MERIDIAN_PDNS_API_URL ? 'MERIDIAN_PDNS_API_KEY' : 'MERIDIAN_PDNS_API_URL';
    throw new ConfigError([
      `${missing}: must be set together with ${missing === 'MERIDIAN_PDNS_API_KEY' ? 'MERIDIAN_PDNS_API_URL' : 'MERIDIAN_PDNS_API_KEY'}`,
    ]);
  }
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir: path.resolve(cwd, vars.MERIDIAN_DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    admin: {
      username: vars.MERIDIAN_ADMIN_USER,
      password: vars.MERIDIAN_ADMIN_PASSWORD,
      email: vars.MERIDIAN_ADMIN_EMAIL,
    },
    logLevel: vars.LOG_LEVEL,
    webDistDir: vars.MERIDIAN_WEB_DIST
      ? path.resolve(cwd, vars.MERIDIAN_WEB_DIST)
      : builtWebDistDir,
    simulator: {
      timeScale: vars.MERIDIAN_SIM_TIME_SCALE,
      failDatacenters: uuidList(vars.MERIDIAN_SIM_FAIL_DATACENTERS),
      failRolloutDatacenters: uuidList(vars.MERIDIAN_SIM_FAIL_ROLLOUTS),
      trafficShift: vars.MERIDIAN_SIM_TRAFFIC_SHIFT,
      ...(vars.MERIDIAN_SIM_ERROR_RATES ? { errorRates: vars.MERIDIAN_SIM_ERROR_RATES } : {}),
      kubeApi: { port: vars.MERIDIAN_SIM_KUBE_PORT },
    },
    trafficSampleIntervalMs: Math.round(vars.MERIDIAN_TRAFFIC_SAMPLE_SECONDS * 1000),
    metricsRetentionMs: Math.round(vars.MERIDIAN_METRICS_RETENTION_HOURS * 3_600_000),
    jobTimeoutSeconds: vars.MERIDIAN_JOB_TIMEOUT_SECONDS,
    jobMaintenanceSeconds: vars.MERIDIAN_JOB_MAINTENANCE_SECONDS,
    replacement: {
      checkIntervalMs: Math.round(vars.MERIDIAN_REPLACEMENT_CHECK_SECONDS * 1000),
      cooldownMs: Math.round(vars.MERIDIAN_REPLACEMENT_COOLDOWN_SECONDS * 1000),
    },
    secretKey: vars.MERIDIAN_SECRET_KEY,
    previousSecretKeys: vars.MERIDIAN_SECRET_KEY_PREVIOUS,
    trustProxy: vars.MERIDIAN_TRUST_PROXY,
    allowPrivateClusters:
      vars.MERIDIAN_ALLOW_PRIVATE_CLUSTERS || vars.MERIDIAN_ALLOW_PRIVATE_OUTBOUND,
    allowPrivateOutbound: vars.MERIDIAN_ALLOW_PRIVATE_OUTBOUND,
    smtp: { url: vars.MERIDIAN_SMTP_URL, from: vars.MERIDIAN_SMTP_FROM },
    certificates: certificateSettings(vars),
    dns: {
      port: vars.MERIDIAN_DNS_PORT,
      host: vars.MERIDIAN_DNS_HOST,
      nameservers: vars.MERIDIAN_NAMESERVERS,
      ...(vars.MERIDIAN_VERIFY_RESOLVER ? { verifyResolver: vars.MERIDIAN_VERIFY_RESOLVER } : {}),
      rateLimit: vars.MERIDIAN_DNS_RRL_RESPONSES_PER_SECOND > 0 && {
        responsesPerSecond: vars.MERIDIAN_DNS_RRL_RESPONSES_PER_SECOND,
        windowSeconds: vars.MERIDIAN_DNS_RRL_WINDOW_SECONDS,
        slip: vars.MERIDIAN_DNS_RRL_SLIP,
        exempt: vars.MERIDIAN_DNS_RRL_EXEMPT,
      },
      ...(vars.MERIDIAN_PDNS_API_URL && vars.MERIDIAN_PDNS_API_KEY
        ? { powerDns: { apiUrl: vars.MERIDIAN_PDNS_API_URL, apiKey: vars.MERIDIAN_PDNS_API_KEY } }
        : {}),
    },
  };
}
