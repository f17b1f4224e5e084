import { describe, expect, it } from 'vitest';
import type { KubeObject } from './kube-api/kube-store';
import {
  SimulatedServiceQuality,
  defaultContainerRequests,
  requestsPerReplica,
  simulatedQuality,
} from './simulated-service-quality';

const minute = 60_000;
const window = { from: new Date(0), to: new Date(10 * minute) };
const inputs = {
  deploymentId: '6f1f5b7e-8a43-4d8e-9b1c-0a5d3e2f4c11',
  replicas: 2,
  window,
  requests: 100_000,
  peakPerMinute: 20_000,
  perReplica: { cpuMillicores: 500, memoryBytes: 512 * 2 ** 20 },
};

function deploymentWith(requests: Record<string, unknown>[]): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: 'web',
      namespace: 'shop',
      uid: 'u1',
      resourceVersion: '1',
      generation: 1,
      creationTimestamp: '2026-01-01T00:00:00Z',
    },
    spec: {
      template: {
        spec: { containers: requests.map((request) => ({ resources: { requests: request } })) },
      },
    },
  };
}

describe('simulated service quality', () => {
  it('answers 0.2–1 % errors, a p95 of 40–120 ms and usage within what the pods ask for', () => {
    for (let run = 0; run < 50; run++) {
      const quality = simulatedQuality(inputs);
      expect(quality.errors / inputs.requests).toBeGreaterThanOrEqual(0.001);
      expect(quality.errors / inputs.requests).toBeLessThanOrEqual(0.015);
      expect(quality.latencyP95Ms).toBeGreaterThanOrEqual(40);
      expect(quality.latencyP95Ms).toBeLessThanOrEqual(120);
      expect(quality.cpuMillicores).toBeLessThanOrEqual(2 * 500);
      expect(quality.memoryBytes).toBeLessThanOrEqual(2 * 512 * 2 ** 20);
    }
  });

  it('is slower and busier under load', () => {
    const quiet = simulatedQuality({ ...inputs, requests: 20_000 });
    const busy = simulatedQuality({ ...inputs, requests: 200_000 });
    expect(busy.latencyP95Ms).toBeGreaterThan(quiet.latencyP95Ms);
    expect(busy.cpuMillicores).toBeGreaterThan(quiet.cpuMillicores);
  });

  it('raises the error rate for the part of the window since the injection', () => {
    const since = window.from.getTime() + 5 * minute;
    const half = simulatedQuality({ ...inputs, injected: { rate: 0.5, since } });
    expect(half.errors / inputs.requests).toBeGreaterThan(0.24);
    expect(half.errors / inputs.requests).toBeLessThan(0.27);
    const quality = new SimulatedServiceQuality({ 'ca-montreal': 0.4 });
    quality.injectErrorRate('ca-montreal', null);
    quality.injectErrorRate('gb-london', 2);
    const later = { from: new Date(Date.now() + minute), to: new Date(Date.now() + 2 * minute) };
    const of = (datacenter: string) =>
      quality.of([], datacenter, { ...inputs, window: later }).errors;
    expect(of('ca-montreal') / inputs.requests).toBeLessThan(0.015);
    expect(of('gb-london')).toBe(inputs.requests);
  });

  it('reads what the containers ask for, defaulting those that ask for nothing', () => {
    expect(
      requestsPerReplica([deploymentWith([{ cpu: '250m', memory: '256Mi' }, { cpu: 0.5 }, {}])]),
    ).toEqual({
      cpuMillicores: 250 + 500 + 100,
      memoryBytes: 256 * 2 ** 20 + 2 * defaultContainerRequests.memoryBytes,
    });
    expect(requestsPerReplica([])).toEqual(defaultContainerRequests);
  });
});
