import { useQuery } from '@tanstack/react-query';
import { clustersQueryOptions } from '../../../shared/api/clusters-list';
import { smartClustersQueryOptions } from '../../../shared/api/smart-clusters-list';
import { membersOf } from '../cluster-rules';

/**
 * A smart cluster in full, with its member clusters, for a drawer: the lists behind it are
 * read only while some drawer names one (the page itself reads pages of cards).
 */
export function useSmartClusterInFull(uuid: string | null) {
  const enabled = uuid !== null;
  const smartClusters = useQuery({ ...smartClustersQueryOptions(), enabled });
  const clusters = useQuery({ ...clustersQueryOptions(), enabled });
  const smartCluster = (uuid && smartClusters.data?.find((item) => item.uuid === uuid)) || null;
  return {
    smartCluster,
    members: smartCluster ? membersOf(smartCluster, clusters.data ?? []) : [],
  };
}
