import { describe, expect, it } from 'vitest';
import { configurationInput, configurationValues, parseEnvLines } from './configuration-form';
import { configurationSummary } from './configuration-summary';

describe('a version’s configuration in one line', () => {
  it('names each section set, in the form’s order', () => {
    expect(
      configurationSummary({
        env: [
          { name: 'A', value: '1' },
          { name: 'B', value: '2' },
          { name: 'C', value: '3' },
        ],
        secrets: [{ name: 'DB_PASSWORD', set: true }],
        healthCheck: { type: 'http', path: '/healthz' },
        resources: { cpuRequest: '250m', cpuLimit: '500m' },
        autoscaling: { minReplicas: 2, maxReplicas: 5, targetCPUUtilization: 70 },
        volume: { size: '1Gi', mountPath: '/data' },
      }),
    ).toBe(
      '3 env · 1 secret · HTTP health check /healthz · 250m–500m CPU · autoscaling 2–5 at 70% · 1Gi volume at /data',
    );
  });

  it('says what a partial section holds, and nothing when none is set', () => {
    expect(configurationSummary({})).toBe('');
    expect(
      configurationSummary({
        env: [{ name: 'A', value: '1' }],
        secrets: [
          { name: 'X', set: true },
          { name: 'Y', set: true },
        ],
        healthCheck: { type: 'http', path: '/healthz', port: 9999 },
        resources: { cpuLimit: '1', memoryRequest: '256Mi', memoryLimit: '256Mi' },
        command: ['node'],
      }),
    ).toBe(
      '1 env · 2 secrets · HTTP health check :9999/healthz · up to 1 CPU · 256Mi memory · custom command',
    );
    expect(configurationSummary({ healthCheck: { type: 'tcp', port: 5432 } })).toBe(
      'TCP health check :5432',
    );
  });
});

describe('the configuration the form sends', () => {
  it('keeps a carried secret left empty, sends a typed one, and leaves empty sections out', () => {
    expect(
      configurationInput({
        env: [],
        secrets: [
          { name: 'KEPT', value: '', carried: true },
          { name: 'CHANGED', value: 'new', carried: true },
          { name: 'ADDED', value: 'v' },
        ],
        healthCheck: { type: 'none', path: '/ignored' },
        resources: { cpuRequest: ' ', memoryLimit: ' 1Gi ' },
        autoscalingOn: false,
        autoscaling: { minReplicas: 2 },
        volumeOn: true,
        volume: { size: '1Gi', mountPath: '/data' },
        command: [],
        args: ['--port', '8080'],
      }),
    ).toEqual({
      secrets: [
        { name: 'KEPT', keep: true },
        { name: 'CHANGED', value: 'new' },
        { name: 'ADDED', value: 'v' },
      ],
      resources: { memoryLimit: '1Gi' },
      volume: { size: '1Gi', mountPath: '/data' },
      args: ['--port', '8080'],
    });
  });

  it('sends only the fields of the chosen health check', () => {
    expect(
      configurationInput({
        healthCheck: { type: 'tcp', path: '/left-from-http', port: 5432, periodSeconds: null },
      }),
    ).toEqual({ healthCheck: { type: 'tcp', port: 5432 } });
  });

  it('reads pasted KEY=VALUE lines, and nothing else', () => {
    expect(parseEnvLines('A=1\n\n# note\nexport B = "two words"\nC=')).toEqual([
      { name: 'A', value: '1' },
      { name: 'B', value: 'two words' },
      { name: 'C', value: '' },
    ]);
    expect(parseEnvLines('just a name')).toBeNull();
    expect(parseEnvLines('\n')).toBeNull();
  });
});

describe('a version’s configuration, read and sent again', () => {
  it('comes back unchanged when nothing is edited (secrets kept)', () => {
    const read = {
      deploymentImage: 'nginx:1.27',
      deploymentReplicas: 2,
      deploymentTargetPort: 8080,
      deploymentPort: 80,
      dockerRegistryType: 'public' as const,
      env: [{ name: 'GREETING', value: 'hello' }],
      secrets: [{ name: 'DB_PASSWORD', set: true as const }],
      healthCheck: { type: 'http' as const, path: '/healthz', failureThreshold: 2 },
      resources: { memoryLimit: '512Mi' },
      autoscaling: { minReplicas: 2, maxReplicas: 4, targetCPUUtilization: 60 },
      args: ['--verbose'],
    };
    expect(configurationInput(configurationValues(read))).toEqual({
      env: read.env,
      secrets: [{ name: 'DB_PASSWORD', keep: true }],
      healthCheck: read.healthCheck,
      resources: read.resources,
      autoscaling: read.autoscaling,
      args: read.args,
    });
  });
});
