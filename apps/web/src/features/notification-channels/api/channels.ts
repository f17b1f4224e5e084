import {
  channelDeliveryListSchema,
  channelDeliverySchema,
  notificationChannelListSchema,
  notificationChannelSchema,
  type CreateChannelInput,
  type UpdateChannelInput,
} from '@meridian/domain/events/notification-channel';
import { statusResultSchema } from '@meridian/domain/operation-result';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

export const channelsQueryKey = ['notification-channels'] as const;
const base = `${apiPaths.auth}/notification_channels`;

export function channelsQueryOptions() {
  return queryOptions({
    queryKey: channelsQueryKey,
    queryFn: ({ signal }) => apiClient.get(base, { signal, schema: notificationChannelListSchema }),
  });
}

export function useChannels() {
  return useQuery(channelsQueryOptions());
}

/** A channel's attempts, newest first; refreshed while any is pending. */
export function useDeliveries(channelId: string | null) {
  return useQuery({
    queryKey: [...channelsQueryKey, channelId, 'deliveries'],
    queryFn: ({ signal }) =>
      apiClient.get(`${base}/${channelId}/deliveries`, {
        signal,
        schema: channelDeliveryListSchema,
      }),
    enabled: channelId !== null,
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending') ? 1000 : false,
  });
}

export function useCreateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChannelInput) =>
      apiClient.post(base, body, { schema: notificationChannelSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsQueryKey }),
  });
}

/** PUT …/{id}: a new destination or new events; the type stays. */
export function useUpdateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateChannelInput }) =>
      apiClient.put(`${base}/${id}`, body, { schema: notificationChannelSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsQueryKey }),
  });
}

export function useDeleteChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.delete(`${base}/${id}`, undefined, { schema: statusResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsQueryKey }),
  });
}

export function useTestChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.post(`${base}/${id}/test`, undefined, { schema: channelDeliverySchema }),
    onSuccess: (_data, id) =>
      queryClient.invalidateQueries({ queryKey: [...channelsQueryKey, id, 'deliveries'] }),
  });
}
