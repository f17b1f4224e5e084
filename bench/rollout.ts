// One app rolled out to MEMBERS (20) member clusters of one smart cluster, through the
// Kubernetes driver against the simulator's Kubernetes APIs: time from the create call to every
// deployment `success`, at simulator time scale 0 (Meridian's own cost: jobs, server-side apply,
// watch) and 0.02 (each cluster takes 1.2–3.6 s to roll out, as a scaled real cluster would).
// PGlite, and PostgreSQL with TEST_DATABASE_URL. Prints figures; asserts nothing. Loopback only.
import { randomBytes } from 'node:crypto';
import { reportFigure } from './report';
import {
  call,
  onEachDatabase,
  readySmartCluster,
  waitFor,
  withServer,
  type Session,
} from './list-load';

const members = Number(process.env.MEMBERS ?? 20);
const timeScales = [0, 0.02];

interface Deployment {
  status: string;
}

/** The first MEMBERS datacenters of the catalogue, one member cluster each. */
async function datacenters(base: string, session: Session): Promise<string[]> {
  return (
    JSON.parse(await call(base, 'GET', '/cluster/datacenters', session)) as { uuid: string }[]
  )
    .map((datacenter) => datacenter.uuid)
    .filter((uuid) => uuid !== 'external')
    .slice(0, members);
}

/** Creates the app and answers the milliseconds until all its deployments succeed. */
async function timeRollout(base: string, session: Session, smartClusterUuid: string) {
  const form = new FormData();
  const fields = {
    name: `rollout-shop-${randomBytes(3).toString('hex')}`,
    version_name: 'v1',
    smart_cluster_uuid: smartClusterUuid,
    template_type: 'KUBERNETES_BASIC',
    template: JSON.stringify({
      deploymentImage: 'nginx:1.27',
      deploymentReplicas: 2,
      deploymentTargetPort: 8080,
      deploymentPort: 80,
      dockerRegistryType: 'public',
    }),
    template_name: 'shop.yaml',
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const started = performance.now();
  const { uuid } = JSON.parse(
    await call(base, 'POST', '/meridian/v1/kube/apps', session, form),
  ) as { uuid: string };
  const deployments = await waitFor('the rollout', async () => {
    const app = JSON.parse(await call(base, 'GET', `/meridian/v1/kube/apps/${uuid}`, session)) as {
      deployments: Deployment[];
    };
    const settled = app.deployments.every((d) => d.status === 'success' || d.status === 'failure');
    return app.deployments.length === members && settled ? app.deployments : undefined;
  });
  const failures = deployments.filter((deployment) => deployment.status !== 'success').length;
  return { ms: performance.now() - started, failures };
}

console.log(`rollout: one app to ${members} member clusters, time scales ${timeScales.join(', ')}`);
await onEachDatabase('bench_rollout', async (label, options) => {
  // One key per database: the second server opens what the first sealed. The smart cluster is
  // made at time scale 0 (provisioning would take minutes at 0.02) and reused by the second.
  const secretKey = randomBytes(32).toString('hex');
  let smart: string | undefined;
  for (const timeScale of timeScales) {
    await withServer(options, { secretKey, timeScale }, async ({ base, session }) => {
      smart ??= await readySmartCluster(
        base,
        session,
        `rollout-bench-${randomBytes(3).toString('hex')}`,
        await datacenters(base, session),
      );
      const { ms, failures } = await timeRollout(base, session, smart);
      const name = `rollout ${label} (${members} deployments, time scale ${timeScale})`;
      reportFigure({
        figure: `${name}: time to all success`,
        value: ms,
        unit: 'ms',
        better: 'lower',
      });
      reportFigure({ figure: `${name}: failures`, value: failures, unit: '', better: 'lower' });
      console.log(
        `${label.padEnd(8)} time scale ${timeScale}: ${members} deployments to success in ` +
          `${(ms / 1000).toFixed(2)} s (${failures} failed)`,
      );
    });
  }
});
