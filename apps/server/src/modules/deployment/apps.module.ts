import type { App } from '../../platform/http/http-app';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { appRoutes } from '../app/app.routes';
import { cicdRoutes } from '../cicd/cicd.routes';
import { clusterVersionRoutes } from '../cluster/cluster-versions.routes';
import { intelligenceDeploymentRoutes } from '../intelligence/intelligence-deployment.routes';
import { versionRoutes } from '../version/version.routes';
import type { AppsContext } from './apps-context';
import { deploymentJobs } from './deployment.jobs';
import { deploymentRoutes } from './deployment.routes';

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
  context.jobs.define(...deploymentJobs(context));
  await app.register(appRoutes, { prefix: appsPrefix, context });
  await app.register(versionRoutes, { prefix: appsPrefix, context });
  await app.register(deploymentRoutes, { prefix: appsPrefix, context });
  await app.register(cicdRoutes, { prefix: appsPrefix, context });
  await app.register(clusterVersionRoutes, { prefix: '/cluster', context });
  await app.register(intelligenceDeploymentRoutes, { prefix: '/intelligence', context });
}
