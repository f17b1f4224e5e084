import { isInProgress, parseStatus } from '@meridian/domain/status';
import type { AppSummary } from './app.types';

/** Spec §2: the clock badge shows while any deployment of the app is pending. */
export function hasPendingDeployment(app: AppSummary): boolean {
  return (app.deployments ?? []).some((deployment) => {
    const status = parseStatus(deployment.status);
    return status !== undefined && isInProgress(status);
  });
}

export function filterAppsByName(apps: readonly AppSummary[], search: string): AppSummary[] {
  const needle = search.trim().toLowerCase();
  return needle ? apps.filter((app) => app.name.toLowerCase().includes(needle)) : [...apps];
}
