import { createHash } from 'node:crypto';
import type { UsageSample, UsageWindow } from '../infrastructure-driver';

/** What the simulated cloud's monitoring knows of one cluster. */
export interface UsageInputs {
  clusterId: string;
  nodeCount: number;
  /** When each pod started, and whether it runs (a waiting pod uses next to nothing). */
  pods: readonly { startedAt: number; running: boolean }[];
  /** How busy the apps are at an instant, 0.2–1 of their peak (the datacenter's daily rhythm). */
  rhythmAt(at: Date): number;
}

const mib = 2 ** 20;
// A node's kubelet, container runtime and system pods, whatever else runs there.
const perNode = { cpuCores: 0.12, memoryBytes: 900 * mib };
// A running app pod: its idle floor, plus up to this much more at the busiest hour.
const perPod = { cpuCores: [0.02, 0.18], memoryBytes: [80 * mib, 60 * mib] } as const;
// A waiting pod (pulling, crash-looping) counts for this share of a running one.
const waitingShare = 0.1;
// A day at one sample a minute: enough for any chart, bounded whatever the window asks.
const maxSamples = 1440;

/** ±8 %, fixed by the cluster, the metric and the instant: a refresh redraws the same past. */
function noise(clusterId: string, metric: string, at: number): number {
  const digest = createHash('sha256').update(`${clusterId}/${metric}/${at}`).digest();
  return 0.92 + 0.16 * (digest.readUInt32BE(0) / 2 ** 32);
}

/**
 * CPU and memory the whole cluster used at each step of the window, from its nodes and the
 * pods running at that instant, shaped by the daily rhythm. Instants are multiples of the step,
 * so the same window asked again answers the same values.
 */
export function simulatedUsage(inputs: UsageInputs, window: UsageWindow): UsageSample[] {
  const step = Math.max(1000, window.stepMs);
  const last = window.to.getTime();
  const first =
    Math.max(Math.ceil(window.from.getTime() / step), Math.floor(last / step) - maxSamples + 1) *
    step;
  const samples: UsageSample[] = [];
  for (let at = first; at <= last; at += step) {
    const active = inputs.pods
      .filter((pod) => pod.startedAt <= at)
      .reduce((sum, pod) => sum + (pod.running ? 1 : waitingShare), 0);
    const rhythm = inputs.rhythmAt(new Date(at));
    const cpu =
      inputs.nodeCount * perNode.cpuCores +
      active * (perPod.cpuCores[0] + perPod.cpuCores[1] * rhythm);
    const memory =
      inputs.nodeCount * perNode.memoryBytes +
      active * (perPod.memoryBytes[0] + perPod.memoryBytes[1] * rhythm);
    samples.push({
      at: new Date(at),
      cpuCores: Math.round(cpu * noise(inputs.clusterId, 'cpu', at) * 1000) / 1000,
      memoryBytes: Math.round(memory * noise(inputs.clusterId, 'memory', at)),
    });
  }
  return samples;
}
