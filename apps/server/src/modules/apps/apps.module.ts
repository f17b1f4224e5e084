import type { App } from '../../platform/http/http-app';
import { registerSignedInRoutes } from '../../platform/http/signed-in-routes';
import type { Platform } from '../../platform/platform';
import type { AppsContext, PreviewNames } from './apps-context';
import { appRoutes } from './app/app.routes';
import { cicdRoutes } from './cicd/cicd.routes';
import { intelligenceDeploymentRoutes } from './cicd/intelligence-deployment.routes';
import { deploymentJobs } from './deployment/deployment.jobs';
import { deploymentRoutes } from './deployment/deployment.routes';
import { deploymentLogRoutes } from './deployment/deployment-logs.routes';
import { registerDeploymentLogSockets } from './deployment/deployment-logs.sockets';
import { gitPreviewRoutes } from './git/git-preview.routes';
import { gitSourceRoutes } from './git/git-source.routes';
import { gitWebhookRoutes } from './git/git-webhook.routes';
import { historyRoutes } from './history/history.routes';
import { metricsRoutes } from './metrics/metrics.routes';
import { clusterVersionRoutes } from './rollout/cluster-versions.routes';
import { rolloutJobs } from './rollout/rollout.jobs';
import { gitEventJobs } from './git/git-events';
import { rolloutRoutes } from './rollout/rollout.routes';
import { checkTemplateTask } from './template/template-check';
import { versionDiffRoutes } from './version/version-diff.routes';
import { versionRoutes } from './version/version.routes';
import { versionConfigurationRoutes } from './version/version-configuration.routes';

/** The apps under `/meridian/v1/kube`, and the two calls the spec places under other prefixes. */
export const appsPrefix = '/meridian/v1/kube';

/** The apps context's settings: how long deployment metrics are kept (MERIDIAN_METRICS_RETENTION_HOURS). */
export interface AppsSettings {
  metricsRetentionMs?: number;
  /** The domains context's side of previews' names (app.ts hands it over). */
  previewNames?: PreviewNames;
}

/** The apps context's share of the platform, for app.ts to hand the clusters context its port. */
export function appsContextOf(platform: Platform, settings: AppsSettings = {}): AppsContext {
  const { database, jobs, drivers, secrets, now, cpu } = platform;
  return { db: database.db, jobs, drivers, secrets, now, cpu, ...settings };
}

/**
 * The apps context: app, version, deployment (with its rollout and removal jobs), history,
 * metrics and CI/CD. `/cluster/clusters/versions` and the CI/CD call under `/intelligence` are
 * its routes too: a prefix is a mount option.
 */
export async function registerApps(
  app: App,
  platform: Platform,
  settings: AppsSettings = {},
): Promise<void> {
  const context = appsContextOf(platform, settings);
  platform.jobs.define(
    ...deploymentJobs(context),
    ...rolloutJobs(context),
    ...gitEventJobs(context),
  );
  platform.cpu.preload(checkTemplateTask);
  await registerSignedInRoutes(app, async (scope) => {
    for (const routes of [
      appRoutes,
      versionRoutes,
      versionConfigurationRoutes,
      deploymentRoutes,
      deploymentLogRoutes,
      cicdRoutes,
      metricsRoutes,
      historyRoutes,
      versionDiffRoutes,
      rolloutRoutes,
      gitSourceRoutes,
      gitPreviewRoutes,
    ]) {
      await scope.register(routes, { prefix: appsPrefix, context });
    }
    await scope.register(clusterVersionRoutes, { prefix: '/cluster', context });
    await scope.register(intelligenceDeploymentRoutes, { prefix: '/intelligence', context });
  });
  // The git providers' webhooks carry a signature, not a session.
  await app.register(gitWebhookRoutes, { context });
  // The live tail rides the realtime channel, when the app has one.
  if (app.realtime) {
    const logs = registerDeploymentLogSockets(app.realtime, context);
    app.addHook('preClose', async () => logs.close());
  }
}
