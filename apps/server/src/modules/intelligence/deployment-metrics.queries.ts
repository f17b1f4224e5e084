import { and, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { deploymentMetrics } from '../../platform/db/schema/metering';

/** The only code that touches `deployment_metrics`. */

/** What one deployment served and used over one sampling window. */
export interface DeploymentMetricsSample {
  userId: string;
  deploymentId: string;
  versionId: string;
  datacenterUuid: string;
  window: { from: Date; to: Date };
  requests: number;
  errors: number;
  latencyP95Ms: number | null;
  cpuMillicores: number | null;
  memoryBytes: number | null;
  /** The pods its Deployments ran at the window's end, when the driver knows. */
  replicas: number | null;
}

const finiteOrNull = (value: number | null) =>
  value !== null && Number.isFinite(value) && value >= 0 ? value : null;

/** Rows per insert: 13 parameters each stay far below PostgreSQL's 65,535 per statement. */
const rowsPerInsert = 1_000;

export async function insertDeploymentMetrics(
  db: Database,
  samples: readonly DeploymentMetricsSample[],
): Promise<void> {
  for (let start = 0; start < samples.length; start += rowsPerInsert) {
    const chunk = samples.slice(start, start + rowsPerInsert);
    await db.insert(deploymentMetrics).values(chunk.map(metricsRow));
  }
}

function metricsRow(sample: DeploymentMetricsSample): typeof deploymentMetrics.$inferInsert {
  const requests = Math.max(0, Math.round(sample.requests));
  const memory = finiteOrNull(sample.memoryBytes);
  const replicas = finiteOrNull(sample.replicas);
  return {
    userId: sample.userId,
    deploymentId: sample.deploymentId,
    versionId: sample.versionId,
    datacenterUuid: sample.datacenterUuid,
    at: sample.window.to,
    windowSeconds: Math.max(0, (sample.window.to.getTime() - sample.window.from.getTime()) / 1000),
    requests,
    // A driver's count never exceeds what it served.
    errors: Math.min(requests, Math.max(0, Math.round(sample.errors))),
    latencyP95Ms: finiteOrNull(sample.latencyP95Ms),
    cpuMillicores: finiteOrNull(sample.cpuMillicores),
    memoryBytes: memory === null ? null : Math.round(memory),
    replicas: replicas === null ? null : Math.round(replicas),
  };
}

/** Drops the rows whose window ended before `before`; answers how many. */
export async function deleteMetricsBefore(db: Database, before: Date): Promise<number> {
  const rows = await db
    .delete(deploymentMetrics)
    .where(lt(deploymentMetrics.at, before))
    .returning({ id: deploymentMetrics.id });
  return rows.length;
}

/** Rows of these deployments whose window ended in (from, to]. */
function inRange(deploymentIds: readonly string[], from: Date, to: Date): SQL | undefined {
  return and(
    inArray(deploymentMetrics.deploymentId, [...deploymentIds]),
    gt(deploymentMetrics.at, from),
    lte(deploymentMetrics.at, to),
  );
}

export async function sumRequestsAndErrors(
  db: Database,
  query: { deploymentIds: readonly string[]; versionId?: string; from: Date; to: Date },
): Promise<{ requests: number; errors: number }> {
  const [row] = await db
    .select({
      requests: sql<string | null>`sum(${deploymentMetrics.requests})`,
      errors: sql<string | null>`sum(${deploymentMetrics.errors})`,
    })
    .from(deploymentMetrics)
    .where(
      and(
        inRange(query.deploymentIds, query.from, query.to),
        query.versionId ? eq(deploymentMetrics.versionId, query.versionId) : undefined,
      ),
    );
  return { requests: Number(row?.requests ?? 0), errors: Number(row?.errors ?? 0) };
}

/** One step's sums over the samples whose window ended in it (see metrics-buckets.ts). */
export interface MetricsBucketSums {
  /** The bucket's index on the step's grid: its start is `index × step` seconds. */
  index: number;
  samples: number;
  requests: number;
  errors: number;
  windowSeconds: number;
  /** Σ p95 × requests and Σ requests, over the samples that have a p95. */
  latencyWeighted: number;
  latencyWeight: number;
  latencyMean: number | null;
  cpuMean: number | null;
  memoryMean: number | null;
  replicasMean: number | null;
}

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

/** The deployment's samples that ended in [from, to), summed per step of `stepSeconds`. */
export async function sumMetricsBySteps(
  db: Database,
  deploymentId: string,
  range: { from: Date; to: Date },
  stepSeconds: number,
): Promise<MetricsBucketSums[]> {
  const m = deploymentMetrics;
  // A literal, not a parameter: the grouping must be the very expression selected.
  const step = sql.raw(String(Math.max(1, Math.trunc(stepSeconds))));
  const index = sql<string>`floor(extract(epoch from ${m.at}) / ${step})::bigint`;
  const rows = await db
    .select({
      index,
      samples: sql<string>`count(*)`,
      requests: sql<string>`sum(${m.requests})`,
      errors: sql<string>`sum(${m.errors})`,
      windowSeconds: sql<string>`sum(${m.windowSeconds})`,
      latencyWeighted: sql<string | null>`sum(${m.latencyP95Ms} * ${m.requests})`,
      latencyWeight: sql<
        string | null
      >`sum(${m.requests}) filter (where ${m.latencyP95Ms} is not null)`,
      latencyMean: sql<string | null>`avg(${m.latencyP95Ms})`,
      cpuMean: sql<string | null>`avg(${m.cpuMillicores})`,
      memoryMean: sql<string | null>`avg(${m.memoryBytes})`,
      replicasMean: sql<string | null>`avg(${m.replicas})`,
    })
    .from(m)
    .where(and(eq(m.deploymentId, deploymentId), gte(m.at, range.from), lt(m.at, range.to)))
    .groupBy(index)
    .orderBy(index);
  return rows.map((row) => ({
    index: Number(row.index),
    samples: Number(row.samples),
    requests: Number(row.requests),
    errors: Number(row.errors),
    windowSeconds: Number(row.windowSeconds),
    latencyWeighted: Number(row.latencyWeighted ?? 0),
    latencyWeight: Number(row.latencyWeight ?? 0),
    latencyMean: numberOrNull(row.latencyMean),
    cpuMean: numberOrNull(row.cpuMean),
    memoryMean: numberOrNull(row.memoryMean),
    replicasMean: numberOrNull(row.replicasMean),
  }));
}
