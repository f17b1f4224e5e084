/** Status values of spec "States and transitions", shared by smart clusters, clusters, deployments and domains. */
export const statuses = [
  'success',
  'pending',
  'creating',
  'updating',
  'deleting',
  'failure',
  'update_subdomains_failure',
] as const;

export type Status = (typeof statuses)[number];

export type StatusColor = 'green' | 'gold' | 'red' | 'orange';

export interface StatusDisplay {
  label: string;
  color: StatusColor;
}

export const statusDisplay: Record<Status, StatusDisplay> = {
  success: { label: 'Created', color: 'green' },
  pending: { label: 'Pending...', color: 'gold' },
  creating: { label: 'Creating...', color: 'gold' },
  updating: { label: 'Updating...', color: 'gold' },
  deleting: { label: 'Deleting...', color: 'gold' },
  failure: { label: 'Failed', color: 'red' },
  update_subdomains_failure: { label: 'Update subdomains failed, please retry', color: 'orange' },
};

/** Cluster and deployment texts call a successful resource 'Ready' or 'Deployed' rather than 'Created'. */
export const successLabel = {
  smartCluster: 'Created',
  cluster: 'Ready',
  deployment: 'Deployed',
} as const;

const inProgress: ReadonlySet<Status> = new Set(['pending', 'creating', 'updating', 'deleting']);

/** Statuses arrive in any case from older data and other services; the spec compares them lower-cased. */
export function parseStatus(value: string | null | undefined): Status | undefined {
  const lower = value?.toLowerCase();
  return statuses.find((status) => status === lower);
}

export function isInProgress(status: Status): boolean {
  return inProgress.has(status);
}

export function displayStatus(value: string | null | undefined): StatusDisplay {
  const status = parseStatus(value);
  return status ? statusDisplay[status] : { label: value ?? '', color: 'gold' };
}
