import { validationText } from '../../../shared/i18n/translate';
import type { Deployment } from '@meridian/domain/apps/app-api';
import {
  dnsMessages,
  normaliseDomainNames,
  recordHost,
  rootDomainOf,
} from '@meridian/domain/domains/domain-api';
import { isInProgress, parseStatus } from '@meridian/domain/status';

/**
 * The update-domain form: the chosen root domain and, per input, the name under it — the left
 * part ('shop' for shop.example.ca, '@' for the root itself) or the full name.
 */
export interface DomainNamesForm {
  root?: string;
  names: string[];
}

/** The form as it opens: the deployment's names split under the root they fall in. */
export function initialDomainNamesForm(
  current: readonly string[],
  roots: readonly string[],
): DomainNamesForm {
  const root =
    current.map((name) => rootDomainOf(name, roots)).find(Boolean) ??
    (roots.length === 1 ? roots[0] : undefined);
  if (!root) return { root: undefined, names: [...(current.length > 0 ? current : [''])] };
  const names = current.map((name) => recordHost(name, root));
  return { root, names: names.length > 0 ? names : [''] };
}

/** One input's full name: '@' is the root itself; a name already under the root stays as it is. */
export function fullDomainName(entry: string, root: string): string {
  const name = entry.trim().toLowerCase().replace(/\.$/, '');
  if (name === '@' || name === root) return root;
  return name.endsWith(`.${root}`) ? name : `${name}.${root}`;
}

/** Which deployments a change of names applies to: this one, or the version's on its smart cluster. */
export type DomainScope = 'deployment' | 'smartCluster';

export type DomainNamesCheck =
  { ok: true; domainNames: string[] } | { ok: false; field: 'root' | 'names'; errors: string[] };

/**
 * Spec "Validation rules": a root domain is required; each input is required and not whitespace-only; the names
 * end with the root, are lower-cased and de-duplicated before sending.
 */
export function domainNamesBody(form: DomainNamesForm): DomainNamesCheck {
  if (!form.root) return { ok: false, field: 'root', errors: [validationText('rootDomain')] };
  const root = form.root;
  if (form.names.length === 0 || form.names.some((entry) => entry.trim() === '')) {
    return { ok: false, field: 'names', errors: [validationText('smartClusterAppDomains')] };
  }
  const checked = normaliseDomainNames(form.names.map((entry) => fullDomainName(entry, root)));
  return checked.ok
    ? { ok: true, domainNames: checked.names }
    : { ok: false, field: 'names', errors: checked.errors };
}

/** Why the names cannot change now (spec "States and transitions": not while the deployment is pending), or null. */
export function domainUpdateBlocked(deployment: Pick<Deployment, 'status'>): string | null {
  const status = parseStatus(deployment.status);
  return status !== undefined && isInProgress(status) ? dnsMessages.deploymentPending : null;
}

/** Why HTTPS cannot be enabled now, or null. */
export function httpsBlocked(
  deployment: Pick<Deployment, 'status' | 'domain_names'>,
): string | null {
  if (deployment.domain_names.length === 0) return dnsMessages.certificateNeedsNames;
  return domainUpdateBlocked(deployment);
}
