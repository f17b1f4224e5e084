import {
  roleAllows,
  type Organization,
  type OrganizationRole,
} from '@meridian/domain/auth/organization';
import { useOrganizations } from '../api/organizations-list';
import { t } from '../i18n/translate';
import { useActingOrganizationUuid } from './acting-organization';

export interface ActingRole {
  /** The acting organisation, or null for the personal account. */
  organization: Organization | null;
  /** The caller's role there; in their personal account they may do everything, as an owner. */
  role: OrganizationRole;
  /** Why an action that needs `needed` is refused, or undefined when the role allows it. */
  refusal(needed: OrganizationRole): string | undefined;
}

/** Why the caller's role in `organization` does not allow what needs `needed`; undefined when it does. */
export function roleRefusal(
  organization: Pick<Organization, 'name' | 'role'> | null,
  needed: OrganizationRole,
): string | undefined {
  if (!organization || roleAllows(organization.role, needed)) return undefined;
  return t('acting.needsRole', {
    needed,
    organization: organization.name,
    role: organization.role,
  });
}

/** The caller's role in the account they act in, and the sentence saying what it forbids. */
export function useActingRole(): ActingRole {
  const uuid = useActingOrganizationUuid();
  const organizations = useOrganizations();
  const organization = organizations.data?.find((entry) => entry.uuid === uuid) ?? null;
  const role: OrganizationRole = organization?.role ?? 'owner';
  return {
    organization,
    role,
    refusal: (needed) => roleRefusal(organization, needed),
  };
}
