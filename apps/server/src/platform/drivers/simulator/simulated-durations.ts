import { clusterWorkMinutes } from '@meridian/domain/clusters/cluster-api';
import type { DriverOperation, WorkloadOperation } from '../infrastructure-driver';

const minute = 60_000;
const second = 1000;

/** How long the simulated cloud's operations take on real time, shortest and longest (ms). */
const durations: Record<DriverOperation | WorkloadOperation, readonly [number, number]> = {
  create: [clusterWorkMinutes.create[0] * minute, clusterWorkMinutes.create[1] * minute],
  update: [clusterWorkMinutes.update[0] * minute, clusterWorkMinutes.update[1] * minute],
  delete: [1 * minute, 5 * minute],
  rollout: [1 * minute, 3 * minute],
  remove: [20 * second, 1 * minute],
  'create-stack': [5 * minute, 15 * minute],
  'delete-stack': [1 * minute, 3 * minute],
};

/** Shortest and longest duration of an operation on the clock scaled by `timeScale`. */
export function scaledRangeMs(
  operation: DriverOperation | WorkloadOperation,
  timeScale: number,
): readonly [number, number] {
  const scale = Math.max(0, timeScale);
  const [min, max] = durations[operation];
  return [min * scale, max * scale];
}

/** One run's duration: anywhere in the scaled range, whole milliseconds. */
export function scaledDurationMs(
  operation: DriverOperation | WorkloadOperation,
  timeScale: number,
): number {
  const [min, max] = scaledRangeMs(operation, timeScale);
  return Math.round(min + Math.random() * (max - min));
}
