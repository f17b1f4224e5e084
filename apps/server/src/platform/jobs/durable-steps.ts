import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { crashPoint } from './crash-points';
import { jobSteps } from '../db/schema/platform';

/**
 * Runs a named step of a job at most once to completion: the first run stores the step's output
 * under the job's key, and any later run of the job (a retry, or after a crash) gets that output
 * back instead of doing the step again. A step interrupted before its output is stored runs again,
 * so each step must itself be safe to repeat.
 */
export type StepRunner = <T>(name: string, work: () => Promise<T>) => Promise<T>;

/**
 * A long job as a list of named steps that resume after a crash (architecture "How a job runs").
 * `key` names one run of the work (e.g. a deployment's current operation); `forget` drops its
 * stored steps once the work has ended, so a later operation under a new key starts afresh.
 */
export function durableSteps(
  db: Database,
  key: string,
): { step: StepRunner; forget(): Promise<void> } {
  const step: StepRunner = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const [done] = await db
      .select({ output: jobSteps.output })
      .from(jobSteps)
      .where(and(eq(jobSteps.jobKey, key), eq(jobSteps.step, name)));
    if (done) return done.output as T;
    // Test-only kills (MERIDIAN_CRASH_AT): before the step and once its result is stored.
    crashPoint(name);
    const output = await work();
    const [stored] = await db
      .insert(jobSteps)
      .values({ jobKey: key, step: name, output: output ?? null })
      .onConflictDoNothing()
      .returning({ output: jobSteps.output });
    if (stored) crashPoint(`${name}:recorded`);
    if (stored) return output;
    // Another run finished the same step first: its output is the one kept.
    const [kept] = await db
      .select({ output: jobSteps.output })
      .from(jobSteps)
      .where(and(eq(jobSteps.jobKey, key), eq(jobSteps.step, name)));
    return (kept?.output ?? output) as T;
  };
  return {
    step,
    async forget() {
      await db.delete(jobSteps).where(eq(jobSteps.jobKey, key));
    },
  };
}
