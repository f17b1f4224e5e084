import { isInProgress, parseStatus } from '@meridian/domain/status';
import type { AppSortKey } from './app.types';

interface ListedApp {
  name: string;
  createdAt?: string;
  updatedAt?: string;
  deployments?: readonly { status: string }[];
}

/** Spec "Screens and routes": the clock badge shows while any deployment of the app is pending (or otherwise in progress). */
export function hasPendingDeployment(app: ListedApp): boolean {
  return (app.deployments ?? []).some((deployment) => {
    const status = parseStatus(deployment.status);
    return status !== undefined && isInProgress(status);
  });
}

export function filterAppsByName<T extends ListedApp>(apps: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  return needle ? apps.filter((app) => app.name.toLowerCase().includes(needle)) : [...apps];
}

/** Unparseable or missing dates sort last rather than throwing the list into disorder. */
function time(value: string | undefined): number {
  const parsed = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed;
}

/** Spec "States and transitions": newest first by creation or last update; ties keep a stable order by name. */
export function sortApps<T extends ListedApp>(apps: readonly T[], key: AppSortKey): T[] {
  const field = key === 'created' ? 'createdAt' : 'updatedAt';
  return [...apps].sort((a, b) => time(b[field]) - time(a[field]) || a.name.localeCompare(b.name));
}
