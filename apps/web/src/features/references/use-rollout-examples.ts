import { useState } from 'react';
import { useSelector } from 'react-redux';
import { apiBaseUrl } from '../../shared/api/api-client';
import { selectUserId } from '../../shared/session/select-user-id';
import { t } from './references.texts';
import { useRolloutApps, type RolloutApp } from './api/get-rollout-apps';
import {
  useRolloutSmartClusters,
  type RolloutSmartCluster,
} from './api/get-rollout-smart-clusters';
import { clustersRunning, defaultSmartClusterUuid, placeholders } from './rollout-examples';
import type { RolloutTarget } from './rollout-examples';

/** What the cluster integration page's cards read: the lists, the picked app and smart cluster. */
export type RolloutExamples = ReturnType<typeof useRolloutExamples>;

// The examples call the control plane; it is the console's own origin unless built with
// VITE_API_BASE_URL, as in the console's own calls.
function controlPlaneOrigin(): string {
  return apiBaseUrl || window.location.origin;
}

/** The user's apps and smart clusters, which of them the examples name, and the pickers' choices. */
export function useRolloutExamples() {
  const userId = useSelector(selectUserId);
  const appsQuery = useRolloutApps();
  const clustersQuery = useRolloutSmartClusters();
  const [pickedApp, setPickedApp] = useState<string>();
  const [pickedCluster, setPickedCluster] = useState<string>();

  const apps = appsQuery.data ?? [];
  const smartClusters = clustersQuery.data ?? [];

  // Derived rather than stored, so a refreshed list never leaves a stale choice selected.
  const app: RolloutApp | undefined = apps.find((item) => item.uuid === pickedApp) ?? apps[0];
  const running = clustersRunning(app, smartClusters);
  const cluster: RolloutSmartCluster | undefined =
    smartClusters.find((item) => item.uuid === pickedCluster) ??
    smartClusters.find((item) => item.uuid === defaultSmartClusterUuid(app, smartClusters));
  const notDeployed =
    app && cluster && !running.some((item) => item.uuid === cluster.uuid)
      ? { app: app.name, smartCluster: cluster.name }
      : null;

  const target: RolloutTarget = {
    origin: controlPlaneOrigin(),
    userId: userId ?? placeholders.userId,
    appUuid: app?.uuid ?? placeholders.appUuid,
    smartClusterUuid: cluster?.uuid ?? placeholders.smartClusterUuid,
  };

  const others = smartClusters.filter((item) => !running.includes(item));
  const clusterOptions = [
    {
      label: t('references.clusterIntegration.runningGroup', { app: app?.name ?? '' }),
      options: running.map((item) => ({ value: item.uuid, label: item.name })),
    },
    {
      label: t('references.clusterIntegration.otherGroup'),
      options: others.map((item) => ({ value: item.uuid, label: item.name })),
    },
  ].filter((group) => group.options.length > 0);

  const pickApp = (value: string) => {
    setPickedApp(value);
    // A new app starts from the first smart cluster it runs on.
    setPickedCluster(undefined);
  };

  return {
    apps,
    smartClusters,
    loading: appsQuery.isPending || clustersQuery.isPending,
    failed: appsQuery.isError || clustersQuery.isError,
    app,
    cluster,
    notDeployed,
    target,
    clusterOptions,
    pickApp,
    pickCluster: (value: string) => setPickedCluster(value),
  };
}
