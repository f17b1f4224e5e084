import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const cwd = '/srv/meridian';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('has the defaults of architecture "Configuration"', () => {
    const config = loadConfig({}, cwd);
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/meridian/data',
      databaseUrl: undefined,
      admin: { username: 'admin', password: undefined, email: undefined },
      logLevel: 'info',
      webDistDir: expect.any(String),
      simulator: {
        timeScale: 0.02,
        failDatacenters: [],
        failRolloutDatacenters: [],
        trafficShift: undefined,
        kubeApi: { port: 6443 },
      },
      trafficSampleIntervalMs: 10_000,
      metricsRetentionMs: 168 * 3_600_000,
      replacement: { checkIntervalMs: 300_000, cooldownMs: 21_600_000 },
      secretKey: undefined,
      previousSecretKeys: [],
      trustProxy: [],
      allowPrivateClusters: false,
      allowPrivateOutbound: false,
      smtp: { url: undefined, from: 'Meridian <alerts@localhost>' },
      certificates: { renewalCheckIntervalMs: 3_600_000 },
      dns: {
        port: 5353,
        host: '127.0.0.1',
        nameservers: ['ns1.meridian-dns.example', 'ns2.meridian-dns.example'],
        rateLimit: { responsesPerSecond: 20, windowSeconds: 15, slip: 2, exempt: [] },
      },
    });
    expect(config.webDistDir.split(path.sep).slice(-3)).toEqual(['apps', 'web', 'dist']);
  });

  it('reads every variable, resolving directories against the working directory', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        MERIDIAN_DATA_DIR: 'var/meridian',
        DATABASE_URL: 'postgres://meridian@db:5432/meridian',
        MERIDIAN_ADMIN_USER: 'root',
        MERIDIAN_ADMIN_PASSWORD: 'long-enough',
        MERIDIAN_ADMIN_EMAIL: 'ops@example.ca',
        LOG_LEVEL: 'debug',
        MERIDIAN_WEB_DIST: '/opt/meridian/web',
        MERIDIAN_SIM_TIME_SCALE: '0',
        MERIDIAN_SIM_FAIL_DATACENTERS: 'ca-toronto, jp-tokyo',
        MERIDIAN_SIM_FAIL_ROLLOUTS: 'us-oregon',
        MERIDIAN_SIM_KUBE_PORT: '16443',
        MERIDIAN_SIM_TRAFFIC_SHIFT:
          '{"name":"Tokyo","latitude":35.68,"longitude":139.69,"share":0.8}',
        MERIDIAN_TRAFFIC_SAMPLE_SECONDS: '0.5',
        MERIDIAN_METRICS_RETENTION_HOURS: '24',
        MERIDIAN_SIM_ERROR_RATES: '{"ca-montreal":0.3}',
        MERIDIAN_REPLACEMENT_CHECK_SECONDS: '60',
        MERIDIAN_REPLACEMENT_COOLDOWN_SECONDS: '0',
        MERIDIAN_SECRET_KEY: 'a-secret-key-of-some-length',
        MERIDIAN_SECRET_KEY_PREVIOUS: 'an-old-key-of-some-length, ' + 'ab'.repeat(32),
        MERIDIAN_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback',
        MERIDIAN_DNS_PORT: '53',
        MERIDIAN_DNS_HOST: '0.0.0.0',
        MERIDIAN_ACME_DIRECTORY_URL: 'https://acme-v02.api.letsencrypt.org/directory',
        MERIDIAN_ACME_EMAIL: 'ops@example.ca',
        MERIDIAN_ACME_CA_FILE: '/etc/meridian/acme-ca.pem',
        MERIDIAN_CERT_RENEWAL_CHECK_SECONDS: '600',
        MERIDIAN_NAMESERVERS: ' NS1.Example-DNS.net., ns2.example-dns.net ',
        MERIDIAN_PDNS_API_URL: 'http://127.0.0.1:8081',
        MERIDIAN_PDNS_API_KEY: 'pdns-key',
        MERIDIAN_ALLOW_PRIVATE_CLUSTERS: '1',
      },
      cwd,
    );
    expect(config).toEqual({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/srv/meridian/var/meridian',
      databaseUrl: 'postgres://meridian@db:5432/meridian',
      admin: { username: 'root', password: 'long-enough', email: 'ops@example.ca' },
      logLevel: 'debug',
      webDistDir: '/opt/meridian/web',
      simulator: {
        timeScale: 0,
        failDatacenters: ['ca-toronto', 'jp-tokyo'],
        failRolloutDatacenters: ['us-oregon'],
        trafficShift: { name: 'Tokyo', latitude: 35.68, longitude: 139.69, share: 0.8 },
        errorRates: { 'ca-montreal': 0.3 },
        kubeApi: { port: 16443 },
      },
      trafficSampleIntervalMs: 500,
      metricsRetentionMs: 24 * 3_600_000,
      replacement: { checkIntervalMs: 60_000, cooldownMs: 0 },
      secretKey: 'a-secret-key-of-some-length',
      previousSecretKeys: ['an-old-key-of-some-length', 'ab'.repeat(32)],
      trustProxy: ['127.0.0.1', '10.0.0.0/8', '::1', 'loopback'],
      allowPrivateClusters: true,
      allowPrivateOutbound: false,
      smtp: { url: undefined, from: 'Meridian <alerts@localhost>' },
      certificates: {
        acme: {
          directoryUrl: 'https://acme-v02.api.letsencrypt.org/directory',
          email: 'ops@example.ca',
          caFile: '/etc/meridian/acme-ca.pem',
        },
        renewalCheckIntervalMs: 600_000,
      },
      dns: {
        port: 53,
        host: '0.0.0.0',
        nameservers: ['ns1.example-dns.net', 'ns2.example-dns.net'],
        powerDns: { apiUrl: 'http://127.0.0.1:8081', apiKey: 'pdns-key' },
        rateLimit: { responsesPerSecond: 20, windowSeconds: 15, slip: 2, exempt: [] },
      },
    });
  });

  it('samples traffic every MERIDIAN_TRAFFIC_SAMPLE_SECONDS, at least every tenth of a second', () => {
    expect(loadConfig({ MERIDIAN_TRAFFIC_SAMPLE_SECONDS: '2' }, cwd).trafficSampleIntervalMs).toBe(
      2000,
    );
    expect(problems({ MERIDIAN_TRAFFIC_SAMPLE_SECONDS: '0' })).toEqual([
      'MERIDIAN_TRAFFIC_SAMPLE_SECONDS: must be at least 0.1',
    ]);
    expect(problems({ MERIDIAN_TRAFFIC_SAMPLE_SECONDS: 'often' })).toEqual([
      'MERIDIAN_TRAFFIC_SAMPLE_SECONDS: must be a number of seconds',
    ]);
  });

  it('names bad simulated error rates and a bad metrics retention', () => {
    const shape = /^MERIDIAN_SIM_ERROR_RATES: must be JSON mapping datacenter uuids/;
    expect(problems({ MERIDIAN_SIM_ERROR_RATES: 'lots' })[0]).toMatch(shape);
    expect(problems({ MERIDIAN_SIM_ERROR_RATES: '{"ca-montreal":2}' })[0]).toMatch(
      /^MERIDIAN_SIM_ERROR_RATES/,
    );
    expect(problems({ MERIDIAN_METRICS_RETENTION_HOURS: '0' })).toEqual([
      'MERIDIAN_METRICS_RETENTION_HOURS: must be at least 1',
    ]);
  });

  it('reads a job deadline for every kind (unset: the queue keeps its 120 s)', () => {
    expect(loadConfig({}, cwd).jobTimeoutSeconds).toBeUndefined();
    expect(loadConfig({ MERIDIAN_JOB_TIMEOUT_SECONDS: '5' }, cwd).jobTimeoutSeconds).toBe(5);
    expect(loadConfig({ MERIDIAN_JOB_MAINTENANCE_SECONDS: '5' }, cwd).jobMaintenanceSeconds).toBe(
      5,
    );
    expect(() => loadConfig({ MERIDIAN_JOB_MAINTENANCE_SECONDS: '0.5' }, cwd)).toThrow(
      /MERIDIAN_JOB_MAINTENANCE_SECONDS/,
    );
    expect(problems({ MERIDIAN_JOB_TIMEOUT_SECONDS: '0' })).toEqual([
      'MERIDIAN_JOB_TIMEOUT_SECONDS: must be at least 1',
    ]);
  });

  it('names a bad simulated traffic shift and bad re-placement timings', () => {
    const shape = /^MERIDIAN_SIM_TRAFFIC_SHIFT: must be JSON like/;
    expect(problems({ MERIDIAN_SIM_TRAFFIC_SHIFT: 'Tokyo' })[0]).toMatch(shape);
    expect(problems({ MERIDIAN_SIM_TRAFFIC_SHIFT: '{"name":"Tokyo","share":2}' })[0]).toMatch(
      /^MERIDIAN_SIM_TRAFFIC_SHIFT/,
    );
    expect(problems({ MERIDIAN_REPLACEMENT_CHECK_SECONDS: '0' })).toEqual([
      'MERIDIAN_REPLACEMENT_CHECK_SECONDS: must be at least 1',
    ]);
    expect(problems({ MERIDIAN_REPLACEMENT_COOLDOWN_SECONDS: 'soon' })).toEqual([
      'MERIDIAN_REPLACEMENT_COOLDOWN_SECONDS: must be a number of seconds',
    ]);
  });

  it('names a bad proxy list and a short previous key', () => {
    const proxies = /^MERIDIAN_TRUST_PROXY: must be proxy addresses or networks/;
    for (const bad of ['nginx', '10.0.0.0/33', '127.0.0.1/8/8', 'true', '*']) {
      expect(problems({ MERIDIAN_TRUST_PROXY: bad })[0]).toMatch(proxies);
    }
    expect(problems({ MERIDIAN_SECRET_KEY_PREVIOUS: 'short' })).toEqual([
      'MERIDIAN_SECRET_KEY_PREVIOUS: each key must be at least 16 characters',
    ]);
  });

  it('allows private cluster addresses only with MERIDIAN_ALLOW_PRIVATE_CLUSTERS=1 (or true)', () => {
    const allowed = (value: string) =>
      loadConfig({ MERIDIAN_ALLOW_PRIVATE_CLUSTERS: value }, cwd).allowPrivateClusters;
    expect(['1', 'true', '0', 'false', ''].map(allowed)).toEqual([true, true, false, false, false]);
    expect(problems({ MERIDIAN_ALLOW_PRIVATE_CLUSTERS: 'yes' })).toEqual([
      'MERIDIAN_ALLOW_PRIVATE_CLUSTERS: must be 1 (also dial private and loopback cluster addresses) or 0',
    ]);
  });

  it('turns the built-in DNS responder off with MERIDIAN_DNS_PORT=0', () => {
    expect(loadConfig({ MERIDIAN_DNS_PORT: '0' }, cwd).dns).toMatchObject({ port: 0 });
  });

  it('limits DNS answers over UDP by default (20/s per prefix, window 15 s, slip 2)', () => {
    expect(loadConfig({}, cwd).dns.rateLimit).toEqual({
      responsesPerSecond: 20,
      windowSeconds: 15,
      slip: 2,
      exempt: [],
    });
    const env = {
      MERIDIAN_DNS_RRL_RESPONSES_PER_SECOND: '5',
      MERIDIAN_DNS_RRL_WINDOW_SECONDS: '5',
      MERIDIAN_DNS_RRL_SLIP: '1',
      MERIDIAN_DNS_RRL_EXEMPT: '192.0.2.53, 2001:db8::/32',
    };
    expect(loadConfig(env, cwd).dns.rateLimit).toEqual({
      responsesPerSecond: 5,
      windowSeconds: 5,
      slip: 1,
      exempt: ['192.0.2.53', '2001:db8::/32'],
    });
    expect(loadConfig({ MERIDIAN_DNS_RRL_RESPONSES_PER_SECOND: '0' }, cwd).dns.rateLimit).toBe(
      false,
    );
    expect(
      problems({
        MERIDIAN_DNS_RRL_RESPONSES_PER_SECOND: '-1',
        MERIDIAN_DNS_RRL_WINDOW_SECONDS: '0',
        MERIDIAN_DNS_RRL_SLIP: 'two',
        MERIDIAN_DNS_RRL_EXEMPT: '192.0.2.0/33',
      }),
    ).toEqual([
      'MERIDIAN_DNS_RRL_RESPONSES_PER_SECOND: must be between 0 and 100000',
      'MERIDIAN_DNS_RRL_WINDOW_SECONDS: must be between 1 and 3600',
      'MERIDIAN_DNS_RRL_SLIP: must be a number',
      'MERIDIAN_DNS_RRL_EXEMPT: must be addresses or networks separated by commas, e.g. 192.0.2.53,198.51.100.0/24',
    ]);
  });

  it('names bad DNS variables', () => {
    expect(problems({ MERIDIAN_DNS_PORT: '70000' })).toEqual([
      'MERIDIAN_DNS_PORT: must be between 0 and 65535',
    ]);
    expect(problems({ MERIDIAN_NAMESERVERS: 'ns1.example.net,not a name' })[0]).toMatch(
      /^MERIDIAN_NAMESERVERS/,
    );
    expect(problems({ MERIDIAN_NAMESERVERS: ' , ' })[0]).toMatch(/^MERIDIAN_NAMESERVERS/);
    expect(problems({ MERIDIAN_PDNS_API_URL: 'ftp://pdns' })[0]).toMatch(/^MERIDIAN_PDNS_API_URL/);
    expect(problems({ MERIDIAN_PDNS_API_URL: 'http://127.0.0.1:8081' })).toEqual([
      'MERIDIAN_PDNS_API_KEY: must be set together with MERIDIAN_PDNS_API_URL',
    ]);
    expect(problems({ MERIDIAN_PDNS_API_KEY: 'key' })).toEqual([
      'MERIDIAN_PDNS_API_URL: must be set together with MERIDIAN_PDNS_API_KEY',
    ]);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }, cwd)).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
    });
  });

  it('names every bad variable, without echoing secrets', () => {
    const found = problems({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/x',
      MERIDIAN_ADMIN_PASSWORD: 'short',
      LOG_LEVEL: 'loud',
    });
    expect(found).toHaveLength(4);
    expect(found.join('\n')).toMatch(/^PORT: /m);
    expect(found.join('\n')).toMatch(/^DATABASE_URL: must be a postgres/m);
    expect(found.join('\n')).toMatch(
      /^MERIDIAN_ADMIN_PASSWORD: Password must be at least 8 characters/m,
    );
    expect(found.join('\n')).toMatch(/^LOG_LEVEL: must be one of/m);
    expect(found.join('\n')).not.toContain('short');
    expect(problems({ PORT: '70000' })).toEqual(['PORT: must be between 0 and 65535']);
  });
});
