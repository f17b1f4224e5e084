import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { defaultClusterMode } from '@meridian/domain/limits';
import { Form } from 'antd';
import { useMemo } from 'react';
import { useWorkDuration } from '../api/get-cluster-durations';
import { useDatacenters } from '../api/get-datacenters';
import { formMinimumCost, isExternalChoice } from '../form-rules';
import { initialClusterFormValues } from './cluster-form-values';
import type { ClusterFormValues } from './cluster-form-values';

/** The cluster form's state: the datacenters to offer, what is chosen, and the minimum cost. */
export function useClusterForm(smartCluster: SmartCluster | null) {
  const [form] = Form.useForm<ClusterFormValues>();
  const datacentersQuery = useDatacenters();
  const datacenters = useMemo(() => datacentersQuery.data ?? [], [datacentersQuery.data]);
  const updating = smartCluster !== null;
  const duration = useWorkDuration(updating ? 'update' : 'create');

  const chosen = Form.useWatch('datacenters', form);
  const mode = Form.useWatch('mode', form) ?? smartCluster?.mode ?? defaultClusterMode;
  const clusterSize = Form.useWatch('cluster_size', form);
  const masterCount = Form.useWatch('master_count', form);
  const minionCount = Form.useWatch('minion_count', form);
  const external = isExternalChoice(chosen);
  const automatic = mode === 'AUTOMATIC' && !external;

  // An update shows no size fields: the smart cluster's own size counts.
  const size = {
    cluster_size: clusterSize ?? smartCluster?.cluster_size ?? undefined,
    master_count: masterCount ?? smartCluster?.master_count,
    minion_count: minionCount ?? smartCluster?.minion_count,
  };
  const minimum = formMinimumCost(
    { datacenters: chosen ?? smartCluster?.datacenters, ...size },
    datacenters,
  );

  return {
    form,
    datacenters,
    datacentersLoading: datacentersQuery.isPending,
    updating,
    duration,
    chosen,
    external,
    automatic,
    size,
    minimum,
    initialValues: initialClusterFormValues(smartCluster),
  };
}
