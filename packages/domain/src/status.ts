import type { Locale } from './i18n/locale';

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

/** The spec's status words in Canadian French; « Créé » agrees with a domain, a smart cluster has its own. */
const frenchStatusLabels: Record<Status, string> = {
  success: 'Créé',
  pending: 'En attente…',
  creating: 'Création en cours…',
  updating: 'Mise à jour en cours…',
  deleting: 'Suppression en cours…',
  failure: 'Échec',
  update_subdomains_failure: 'Échec de la mise à jour des sous-domaines, veuillez réessayer',
};

/** Cluster and deployment texts call a successful resource 'Ready' or 'Deployed' rather than 'Created'. */
export const successLabel = {
  smartCluster: 'Created',
  cluster: 'Ready',
  deployment: 'Deployed',
} as const;

export type SuccessKind = keyof typeof successLabel;

const frenchSuccessLabel: Record<SuccessKind, string> = {
  smartCluster: 'Créée',
  cluster: 'Prête',
  deployment: 'Déployé',
};

const inProgress: ReadonlySet<Status> = new Set(['pending', 'creating', 'updating', 'deleting']);

/** Statuses arrive in any case from older data and other services; the spec compares them lower-cased. */
export function parseStatus(value: string | null | undefined): Status | undefined {
  const lower = value?.toLowerCase();
  return statuses.find((status) => status === lower);
}

export function isInProgress(status: Status): boolean {
  return inProgress.has(status);
}

/** A status's words in the reader's language and its colour; an unknown value is shown as it came. */
export function displayStatus(
  value: string | null | undefined,
  locale: Locale = 'en',
): StatusDisplay {
  const status = parseStatus(value);
  if (!status) return { label: value ?? '', color: 'gold' };
  const shown = statusDisplay[status];
  return locale === 'fr-CA' ? { ...shown, label: frenchStatusLabels[status] } : shown;
}

/** The words of a status on a thing whose success has its own name (Created, Ready, Deployed). */
export function statusLabel(
  value: string | null | undefined,
  kind: SuccessKind,
  locale: Locale = 'en',
): string {
  if (parseStatus(value) !== 'success') return displayStatus(value, locale).label;
  return locale === 'fr-CA' ? frenchSuccessLabel[kind] : successLabel[kind];
}
