import type { App } from '../../platform/http/http-app';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { appRoutes } from './app/app.routes';
import { cicdRoutes } from './cicd/cicd.routes';
import { clusterVersionRoutes } from './rollout/cluster-versions.routes';
import { historyRoutes } from './history/history.routes';
import { intelligenceDeploymentRoutes } from './cicd/intelligence-deployment.routes';
import { metricsRoutes } from './metrics/metrics.routes';
import { versionDiffRoutes } from './version/version-diff.routes';
import { versionRoutes } from './version/version.routes';
import { rolloutJobs } from './rollout/rollout.jobs';
import { checkTemplateTask } from './template/template-check';
import { rolloutRoutes } from './rollout/rollout.routes';
import type { AppsContext } from './apps-context';
import { deploymentJobs } from './deployment/deployment.jobs';
import { deploymentRoutes } from './deployment/deployment.routes';
import { deploymentLogRoutes } from './deployment/deployment-logs.routes';
import { registerDeploymentLogSockets } from './deployment/deployment-logs.sockets';

/** The apps under `/meridian/v1/kube`, and the two calls the spec places under other prefixes. */
export const appsPrefix = '/meridian/v1/kube';

/**
 * Wires the modules that deploy apps: app, version, deployment (with its rollout and removal
 * jobs) and CI/CD, all sharing one context; `/cluster/clusters/versions` and the CI/CD call under
 * `/intelligence` are served by the smart-cluster and intelligence folders' route files.
 */
export async function registerAppModules(
  app: App,
  context: Omit<AppsContext, 'jobs'> & { jobs: JobQueue },
): Promise<void> {
  context.jobs.define(...deploymentJobs(context), ...rolloutJobs(context));
  context.cpu.preload(checkTemplateTask);
  await app.register(appRoutes, { prefix: appsPrefix, context });
  await app.register(versionRoutes, { prefix: appsPrefix, context });
  await app.register(deploymentRoutes, { prefix: appsPrefix, context });
  await app.register(deploymentLogRoutes, { prefix: appsPrefix, context });
  // The live tail rides the realtime channel, when the app has one.
  if (app.realtime) {
    const logs = registerDeploymentLogSockets(app.realtime, context);
    app.addHook('preClose', async () => logs.close());
  }
  await app.register(cicdRoutes, { prefix: appsPrefix, context });
  await app.register(metricsRoutes, { prefix: appsPrefix, context });
  await app.register(historyRoutes, { prefix: appsPrefix, context });
  await app.register(versionDiffRoutes, { prefix: appsPrefix, context });
  await app.register(rolloutRoutes, { prefix: appsPrefix, context });
  await app.register(clusterVersionRoutes, { prefix: '/cluster', context });
  await app.register(intelligenceDeploymentRoutes, { prefix: '/intelligence', context });
}
