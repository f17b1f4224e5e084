import { isMainThread } from 'node:worker_threads';
import { cpuTask } from './cpu-pool';

/** Keeps its thread busy for `ms` (a stand-in for a diff or a search); says where it ran. */
export function spin({ ms }: { ms: number }): { mainThread: boolean } {
  const started = performance.now();
  while (performance.now() - started < ms) {
    // Busy on purpose.
  }
  return { mainThread: isMainThread };
}

export const spinTask = cpuTask(import.meta.url, { spin });
