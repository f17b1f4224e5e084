import { Piscina } from 'piscina';
import { ServiceBusyError } from './http/errors';

/**
 * CPU-heavy work a user can size (diffs, the placement search, template parsing) runs here, off
 * the event loop, so /healthz, other users' requests, socket.io and DNS answers never wait for
 * it (architecture "CPU-heavy work").
 */

/**
 * A module's function run on the pool: its module and export name, plain data in and out
 * (structured clone). Declared beside the function, `cpuTask(import.meta.url, { diffTemplates })`,
 * or naming a package's module, `cpuTask('@meridian/domain/clusters/kubeconfig', { parseKubeconfig })`
 * (resolved from this folder, as the server resolves it).
 */
export interface CpuTask<Input, Output> {
  readonly module: string;
  readonly name: string;
  /** Never set: carries the function's types to `CpuPool.run`. */
  readonly signature?: (input: Input) => Output;
}

export function cpuTask<Input, Output>(
  moduleUrl: string,
  named: Record<string, (input: Input) => Output>,
): CpuTask<Input, Output> {
  const names = Object.keys(named);
  if (names.length !== 1) throw new Error('cpuTask takes exactly one named function');
  return { module: moduleUrl, name: names[0]! };
}

export interface CpuPoolSettings {
  /** Worker threads. One: on two cores the other stays with the event loop and the database. */
  threads: number;
  /** Tasks waiting for a thread at most; past it a request is told to try again. */
  queueLimit: number;
  /** How long a task may take from submission, waiting included, before its thread is stopped. */
  deadlineMs: number;
  /**
   * Start the threads at once and load the tasks' modules as they are declared (`preload`).
   * Starting a thread costs about 0.6 s of CPU (tsx, imports), which the first request would
   * otherwise wait for while it competes with the event loop for the cores. Off in test apps,
   * dozens of which start in one run.
   */
  warm: boolean;
}

/** Each task bounds its own work to about a second or two (its module says how); this is the backstop. */
export const defaultCpuPoolSettings: CpuPoolSettings = {
  threads: 1,
  queueLimit: 32,
  deadlineMs: 15_000,
  warm: false,
};

export const cpuPoolMessages = {
  busy: 'The server is busy with other large comparisons and searches; try again in a few seconds.',
  tooLong: 'This request took the server too long; try again in a few seconds.',
} as const;

export interface CpuPool {
  run<Input, Output>(task: CpuTask<Input, Output>, input: Input): Promise<Awaited<Output>>;
  /** Loads a task's module on the threads ahead of its first use, when the pool is warm. */
  preload(task: Pick<CpuTask<never, unknown>, 'module'>): void;
  /** Stops the threads; a task still running is abandoned. */
  close(): Promise<void>;
}

const workerEntry = new URL('./cpu-worker.mjs', import.meta.url).href;

export function createCpuPool(settings: Partial<CpuPoolSettings> = {}): CpuPool {
  const { threads, queueLimit, deadlineMs, warm } = { ...defaultCpuPoolSettings, ...settings };
  const pool = new Piscina({
    filename: workerEntry,
    // Cold, started on first use and kept a while after.
    minThreads: warm ? threads : 0,
    maxThreads: threads,
    idleTimeout: 5 * 60_000,
    // A task that runs away with memory ends its own thread, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 512 },
    // On a busy machine the event loop's thread is scheduled first (piscina: @napi-rs/nice).
    niceIncrement: 10,
  });
  return {
    async run<Input, Output>(task: CpuTask<Input, Output>, input: Input): Promise<Awaited<Output>> {
      if (pool.queueSize >= queueLimit) throw new ServiceBusyError(cpuPoolMessages.busy);
      try {
        return (await pool.run(
          { module: task.module, name: task.name, input },
          { signal: AbortSignal.timeout(deadlineMs) },
        )) as Awaited<Output>;
      } catch (error) {
        // Piscina stops the thread of an aborted task (a fresh one takes the next task).
        if (error instanceof Error && error.name === 'AbortError') {
          throw new ServiceBusyError(cpuPoolMessages.tooLong);
        }
        throw error;
      }
    },
    preload(task) {
      if (!warm) return;
      // A module that fails to load fails its first task too, which says why.
      pool.run({ module: task.module }).catch(() => {});
    },
    close: () => pool.destroy(),
  };
}
