import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * What a re-run after a crash must never make twice, counted in a stopped server's PGlite: each
 * query answers the number of surplus rows (0 when nothing is duplicated).
 */
export const duplicateQueries: Readonly<Record<string, string>> = {
  // Two live members of one smart cluster in one datacenter: a cluster provisioned twice.
  clusters: `SELECT coalesce(sum(n - 1), 0)::int AS surplus FROM (
      SELECT count(*) AS n FROM clusters WHERE NOT deleted
      GROUP BY smart_cluster_id, datacenter_uuid) t`,
  // Two deployments of one app on one member cluster: a rollout started twice.
  deployments: `SELECT coalesce(sum(n - 1), 0)::int AS surplus FROM (
      SELECT count(*) AS n FROM deployments GROUP BY app_id, cluster_id) t`,
  // A name listed twice on one deployment: published (and served) twice.
  'deployment names': `SELECT count(*)::int AS surplus FROM deployments d
      WHERE jsonb_array_length(d.domain_names) >
        (SELECT count(DISTINCT name) FROM jsonb_array_elements_text(d.domain_names) name)`,
  // Two periods of one resource running at the same time: a resource charged twice.
  'usage periods': `SELECT count(*)::int AS surplus FROM usage_periods a JOIN usage_periods b
      ON a.resource_id = b.resource_id AND a.id < b.id
      AND a.started_at < coalesce(b.ended_at, 'infinity')
      AND b.started_at < coalesce(a.ended_at, 'infinity')`,
  rollouts: `SELECT coalesce(sum(n - 1), 0)::int AS surplus FROM (
      SELECT count(*) AS n FROM rollout_steps GROUP BY rollout_id, position) t`,
};

/** Surplus rows per thing, and how many rows of each there are (so a count of 0 means something). */
export async function countDuplicates(
  dataDir: string,
): Promise<{ thing: string; rows: number; surplus: number }[]> {
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  const tables: Record<string, string> = {
    clusters: 'clusters',
    deployments: 'deployments',
    'deployment names': 'deployments WHERE jsonb_array_length(domain_names) > 0',
    'usage periods': 'usage_periods',
    rollouts: 'rollout_steps',
  };
  try {
    const found: { thing: string; rows: number; surplus: number }[] = [];
    for (const [thing, query] of Object.entries(duplicateQueries)) {
      const surplus = await db.query<{ surplus: number }>(query);
      const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${tables[thing]}`);
      found.push({ thing, rows: rows.rows[0]!.n, surplus: surplus.rows[0]!.surplus });
    }
    return found;
  } finally {
    await db.close();
  }
}
