import {
  deploymentSchema,
  type Deployment,
  type VersionDeploymentRequest,
} from '@meridian/domain/apps/app-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey } from '../../../shared/api/apps-list';

/** POST /cluster/clusters/versions: deploys a version onto more smart clusters (spec "The calls it makes"). */
export function deployVersion(body: VersionDeploymentRequest): Promise<Deployment[]> {
  return apiClient.post(`${apiPaths.cluster}/clusters/versions`, body, {
    schema: z.array(deploymentSchema),
  });
}

export function useDeployVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deployVersion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsQueryKey }),
  });
}
