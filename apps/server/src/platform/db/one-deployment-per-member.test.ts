import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';

const migrations = fileURLToPath(new URL('./migrations', import.meta.url));
const merge = '0022_one_deployment_per_member';

/** The migrations as they were before `merge` (duplicates could still be written then). */
async function migrationsBefore(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'meridian-migrations-'));
  await cp(migrations, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  // The migrator runs only entries newer than the last applied: later ones must go too.
  const at = journal.entries.findIndex((entry) => entry.tag === merge);
  const dropped = journal.entries.splice(at);
  await writeFile(journalFile, JSON.stringify(journal));
  for (const entry of dropped) await rm(path.join(folder, `${entry.tag}.sql`));
  return folder;
}

const ids = {
  user: '00000000-0000-4000-8000-000000000001',
  smart: '00000000-0000-4000-8000-000000000002',
  london: '00000000-0000-4000-8000-000000000003',
  tokyo: '00000000-0000-4000-8000-000000000004',
  app: '00000000-0000-4000-8000-000000000005',
  v1: '00000000-0000-4000-8000-000000000006',
  v2: '00000000-0000-4000-8000-000000000007',
  v1London: '00000000-0000-4000-8000-000000000010',
  v1Tokyo: '00000000-0000-4000-8000-000000000011',
  v2London: '00000000-0000-4000-8000-000000000012',
  v2Tokyo: '00000000-0000-4000-8000-000000000013',
  history: '00000000-0000-4000-8000-000000000020',
  rollout: '00000000-0000-4000-8000-000000000021',
  certificate: '00000000-0000-4000-8000-000000000022',
};

/** What "Deploy v2" onto a smart cluster running v1 left before the fix: two rows per member. */
const seed = `
INSERT INTO users (id, username, email, password_hash) VALUES ('${ids.user}', 'ada', 'ada@example.ca', 'x');
INSERT INTO datacenters (uuid, location, country, latitude, longitude, flavor_prices)
  VALUES ('gb-london', 'London', 'GB', 51.5, -0.1, '{}'), ('jp-tokyo', 'Tokyo', 'JP', 35.7, 139.7, '{}');
INSERT INTO smart_clusters (id, user_id, name, mode, status, datacenters)
  VALUES ('${ids.smart}', '${ids.user}', 'edge', 'MANUAL', 'success', '["gb-london","jp-tokyo"]');
INSERT INTO clusters (id, smart_cluster_id, user_id, name, cluster_type, datacenter_uuid, status) VALUES
  ('${ids.london}', '${ids.smart}', '${ids.user}', 'edge-london', 'smart_cluster', 'gb-london', 'success'),
  ('${ids.tokyo}', '${ids.smart}', '${ids.user}', 'edge-tokyo', 'smart_cluster', 'jp-tokyo', 'success');
INSERT INTO apps (id, user_id, name) VALUES ('${ids.app}', '${ids.user}', 'shop');
INSERT INTO versions (id, app_id, user_id, name, template_type, raw_template, template_name, created_at) VALUES
  ('${ids.v1}', '${ids.app}', '${ids.user}', 'v1', 'KUBERNETES_BASIC', '{}', 'v1.json', now() - interval '2 hours'),
  ('${ids.v2}', '${ids.app}', '${ids.user}', 'v2', 'KUBERNETES_BASIC', '{}', 'v2.json', now() - interval '1 hour');
INSERT INTO deployments (id, user_id, app_id, version_id, smart_cluster_id, cluster_id, status, operation, domain_names, certificate_uuid) VALUES
  ('${ids.v1London}', '${ids.user}', '${ids.app}', '${ids.v1}', '${ids.smart}', '${ids.london}', 'success', 'create', '["shop.example.ca"]', '${ids.certificate}'),
  ('${ids.v1Tokyo}', '${ids.user}', '${ids.app}', '${ids.v1}', '${ids.smart}', '${ids.tokyo}', 'success', 'create', '[]', NULL),
  ('${ids.v2London}', '${ids.user}', '${ids.app}', '${ids.v2}', '${ids.smart}', '${ids.london}', 'success', 'deploy', '[]', NULL),
  ('${ids.v2Tokyo}', '${ids.user}', '${ids.app}', '${ids.v2}', '${ids.smart}', '${ids.tokyo}', 'success', 'deploy', '[]', NULL);
INSERT INTO certificates (id, user_id, deployment_id, domain_names, chain_pem, private_key_sealed, not_after)
  VALUES ('${ids.certificate}', '${ids.user}', '${ids.v1London}', '["shop.example.ca"]', 'pem', 'sealed', now() + interval '90 days');
INSERT INTO app_history (id, user_id, app_id, action, version_id, version_name, actor_kind, actor_name, outcome)
  VALUES ('${ids.history}', '${ids.user}', '${ids.app}', 'deployed', '${ids.v1}', 'v1', 'user', 'ada', 'success');
INSERT INTO app_history_locations (history_id, deployment_id, cluster_id, datacenter_uuid, location, outcome) VALUES
  ('${ids.history}', '${ids.v1London}', '${ids.london}', 'gb-london', 'London', 'success'),
  ('${ids.history}', '${ids.v1Tokyo}', '${ids.tokyo}', 'jp-tokyo', 'Tokyo', 'success');
INSERT INTO rollouts (id, user_id, app_id, smart_cluster_id, from_version_id, to_version_id, status, bake_seconds, error_margin)
  VALUES ('${ids.rollout}', '${ids.user}', '${ids.app}', '${ids.smart}', '${ids.v2}', '${ids.v1}', 'completed', 0, 0.02);
INSERT INTO rollout_steps (rollout_id, position, deployment_id, cluster_id, datacenter_uuid, location, state)
  VALUES ('${ids.rollout}', 0, '${ids.v1Tokyo}', '${ids.tokyo}', 'jp-tokyo', 'Tokyo', 'done');
`;

describe(`migration ${merge}`, () => {
  let client: PGlite | undefined;
  let folder: string | undefined;
  afterEach(async () => {
    await client?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
    client = folder = undefined;
  });

  it('merges duplicates into the newest version’s row, keeping names, certificate, history and rollouts', async () => {
    client = await PGlite.create();
    const db = drizzle({ client });
    folder = await migrationsBefore();
    await migrate(db, { migrationsFolder: folder });
    await client.exec(seed);

    await migrate(db, { migrationsFolder: migrations });

    const rows = await client.query<{
      id: string;
      domain_names: string[];
      certificate_uuid: string;
    }>('SELECT id, domain_names, certificate_uuid FROM deployments ORDER BY id');
    expect(rows.rows).toEqual([
      { id: ids.v2London, domain_names: ['shop.example.ca'], certificate_uuid: ids.certificate },
      { id: ids.v2Tokyo, domain_names: [], certificate_uuid: null },
    ]);
    const certificate = await client.query<{ deployment_id: string }>(
      'SELECT deployment_id FROM certificates',
    );
    expect(certificate.rows).toEqual([{ deployment_id: ids.v2London }]);
    const history = await client.query<{ deployment_id: string; location: string }>(
      'SELECT deployment_id, location FROM app_history_locations ORDER BY location',
    );
    expect(history.rows).toEqual([
      { deployment_id: ids.v2London, location: 'London' },
      { deployment_id: ids.v2Tokyo, location: 'Tokyo' },
    ]);
    const steps = await client.query<{ deployment_id: string }>(
      'SELECT deployment_id FROM rollout_steps',
    );
    expect(steps.rows).toEqual([{ deployment_id: ids.v2Tokyo }]);

    // The unique index keeps a second deployment of the app off a member cluster.
    await expect(
      client.exec(
        `INSERT INTO deployments (user_id, app_id, version_id, smart_cluster_id, cluster_id, status, operation)
         VALUES ('${ids.user}', '${ids.app}', '${ids.v1}', '${ids.smart}', '${ids.london}', 'pending', 'deploy')`,
      ),
    ).rejects.toThrow(/deployments_one_per_member_idx/);
  });
});
