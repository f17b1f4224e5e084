import {
  placementPreviewResultSchema,
  placementPreviewSchema,
  type PlacementPreview,
  type PlacementPreviewInput,
} from '@meridian/domain/clusters/placement-api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** POST /intelligence/placement: where an AUTOMATIC smart cluster would run; creates nothing. */
export function previewPlacement(
  body: PlacementPreviewInput,
  signal?: AbortSignal,
): Promise<PlacementPreview> {
  return apiClient.post(`${apiPaths.intelligence}/placement`, body, {
    signal,
    schema: placementPreviewResultSchema,
  });
}

/** How long the form must rest before it is previewed: typing does not send a call per key. */
const restMs = 400;

/** `value`, once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The live preview of the cluster form (issue "The smart core"): asked again once the form
 * rests, the previous answer kept on screen meanwhile; null asks nothing.
 */
export function usePlacementPreview(body: PlacementPreviewInput | null) {
  const settled = useSettled(body ? JSON.stringify(body) : null, restMs);
  return useQuery({
    queryKey: ['placement-preview', settled],
    queryFn: ({ signal }) =>
      previewPlacement(placementPreviewSchema.parse(JSON.parse(settled ?? '{}')), signal),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}
