import type { Cluster, SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { App } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { t } from '../../../shared/i18n/translate';
import { notify } from '../../../shared/notifications/notify';
import { useDeleteSmartCluster } from '../api/delete-smart-cluster';
import { canDelete, canUpdate, membersOf } from '../cluster-rules';

export function errorDescription(error: unknown): string {
  if (isApiError(error)) {
    if (error.errors.length > 0) return error.errors.join(' ');
    if (error.status === 409 || error.status === 400) return error.message;
  }
  return t('clusters.tryAgain');
}

/** The card menu's actions with the allowed-when rules of spec "States and transitions". */
export function useClusterActions(
  clusters: readonly Cluster[],
  initialDetailsUuid: string | null = null,
) {
  const { modal } = App.useApp();
  const deleteMutation = useDeleteSmartCluster();
  const [detailsUuid, setDetailsUuid] = useState<string | null>(initialDetailsUuid);
  const [updating, setUpdating] = useState<SmartCluster | null>(null);

  const openUpdate = (smartCluster: SmartCluster) => {
    const decision = canUpdate(smartCluster, membersOf(smartCluster, clusters));
    if (!decision.allowed) {
      if (decision.warning) notify.warning(decision.warning);
      return;
    }
    setUpdating(smartCluster);
  };

  const confirmDelete = (smartCluster: SmartCluster) => {
    const decision = canDelete(smartCluster);
    if (!decision.allowed) {
      if (decision.warning) notify.warning(decision.warning);
      return;
    }
    modal.confirm({
      title: t('clusters.delete.title', { name: smartCluster.name }),
      content: t('clusters.delete.body'),
      okText: t('clusters.delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        deleteMutation.mutateAsync(smartCluster).then(
          () => {
            notify.success(t('clusters.delete.started'));
            setDetailsUuid((current) => (current === smartCluster.uuid ? null : current));
          },
          (error: unknown) => {
            notify.error(t('clusters.delete.failed'), errorDescription(error));
          },
        ),
    });
  };

  return {
    detailsUuid,
    openDetails: (smartCluster: SmartCluster) => setDetailsUuid(smartCluster.uuid),
    closeDetails: () => setDetailsUuid(null),
    updating,
    openUpdate,
    closeUpdate: () => setUpdating(null),
    confirmDelete,
  };
}
