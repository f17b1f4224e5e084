import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import type { FlavorKey } from '@meridian/domain/flavors';
import { limits } from '@meridian/domain/limits';
import { t } from '../clusters.texts';
import { notify } from '../../../shared/notifications/notify';
import { useCreateSmartCluster } from '../api/create-smart-cluster';
import { useUpdateSmartCluster } from '../api/update-smart-cluster';
import { generateMonitoringPassword } from '../cluster-rules';
import { isExternalChoice } from '../form-rules';
import type { ClusterFormValues } from './cluster-form-values';
import type { ShownMonitoringPassword } from './monitoring-password-dialog';
import { errorDescription } from './use-cluster-actions';

interface SaveSmartClusterInput {
  /** Present: the form updates this smart cluster; absent, it creates one. */
  smartCluster: SmartCluster | null;
  /** How long the work takes, for the notice; undefined until the server said. */
  duration: string | undefined;
  onDone: () => void;
  onCreated: (shown: ShownMonitoringPassword) => void;
}

/** The cluster form's submit: updates the smart cluster, or creates a managed or external one. */
export function useSaveSmartCluster({
  smartCluster,
  duration,
  onDone,
  onCreated,
}: SaveSmartClusterInput) {
  const createMutation = useCreateSmartCluster();
  const updateMutation = useUpdateSmartCluster();

  const update = async (current: SmartCluster, values: ClusterFormValues) => {
    const body =
      current.mode === 'AUTOMATIC'
        ? {
            name: values.name.trim(),
            latency: values.latency ?? 0,
            budget: values.budget ?? 0,
            // New candidates place it again (issue "The smart core").
            datacenters: values.datacenters,
          }
        : { name: values.name.trim(), datacenters: values.datacenters };
    try {
      await updateMutation.mutateAsync({ uuid: current.uuid, body });
      notify.success(
        t('clusters.updated'),
        duration ? t('clusters.form.updateNotice', { duration }) : undefined,
        { duration: 9 },
      );
      onDone();
    } catch (error) {
      notify.error(t('clusters.updateFailed'), errorDescription(error));
    }
  };

  const create = async (values: ClusterFormValues) => {
    try {
      if (isExternalChoice(values.datacenters)) {
        const file = values.kubeConfig?.[0]?.originFileObj;
        if (!file) return;
        await createMutation.mutateAsync({ kind: 'external', name: values.name, kubeConfig: file });
        notify.success(t('clusters.created'));
      } else {
        const password = generateMonitoringPassword();
        const base = {
          name: values.name.trim(),
          datacenters: values.datacenters,
          mode: values.mode,
          cluster_size: values.cluster_size.toLowerCase() as FlavorKey,
          master_count: values.master_count ?? limits.nodeCountDefault,
          minion_count: values.minion_count ?? limits.nodeCountDefault,
          monitoring_default_password: password,
        };
        const body =
          values.mode === 'AUTOMATIC'
            ? { ...base, latency: values.latency ?? 0, budget: values.budget ?? 0 }
            : base;
        await createMutation.mutateAsync({ kind: 'managed', body });
        notify.success(t('clusters.created'));
        onCreated({ smartClusterName: base.name, password, reason: 'created' });
      }
      onDone();
    } catch (error) {
      notify.error(t('clusters.createFailed'), errorDescription(error));
    }
  };

  const submit = (values: ClusterFormValues) =>
    smartCluster ? update(smartCluster, values) : create(values);

  return { submit, submitting: createMutation.isPending || updateMutation.isPending };
}
