import { useQuery } from '@tanstack/react-query';
import {
  getSmartClusterInFull,
  smartClusterInFullQueryKey,
} from '../../../shared/api/smart-cluster-in-full';

/**
 * A smart cluster in full, with its member clusters, for a drawer: read only while some drawer
 * names one, without the user's whole lists (the page itself reads pages of cards).
 */
export function useSmartClusterInFull(uuid: string | null) {
  const query = useQuery({
    queryKey: smartClusterInFullQueryKey(uuid ?? ''),
    queryFn: ({ signal }) => getSmartClusterInFull(uuid!, signal),
    enabled: uuid !== null,
  });
  const inFull = uuid !== null ? query.data : undefined;
  return { smartCluster: inFull?.smart_cluster ?? null, members: inFull?.clusters ?? [] };
}
