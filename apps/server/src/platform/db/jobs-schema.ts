import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The finished steps of durable jobs (`platform/jobs/durable-steps.ts`): a step's output is kept
 * under its job's key so that a run after a crash returns it instead of doing the step again.
 */
export const jobSteps = pgTable(
  'job_steps',
  {
    jobKey: text('job_key').notNull(),
    step: text('step').notNull(),
    output: jsonb('output').$type<unknown>(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.jobKey, table.step] })],
);
