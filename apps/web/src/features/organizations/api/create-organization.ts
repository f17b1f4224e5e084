import { organizationSchema, type Organization } from '@meridian/domain/auth/organization';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { organizationListKey } from '../../../shared/api/organizations-list';

/** POST /auth/organizations: the caller becomes its owner. */
export function createOrganization(name: string): Promise<Organization> {
  return apiClient.post(
    `${apiPaths.auth}/organizations`,
    { name: name.trim() },
    { schema: organizationSchema },
  );
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationListKey }),
  });
}
