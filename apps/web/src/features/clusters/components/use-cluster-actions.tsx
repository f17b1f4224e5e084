import type { SmartClusterListItem } from '@meridian/domain/clusters/cluster-api';
import { App } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { t } from '../clusters.texts';
import { notify } from '../../../shared/notifications/notify';
import { useDeleteSmartCluster } from '../api/delete-smart-cluster';
import { canDelete, canUpdate } from '../cluster-rules';

export function errorDescription(error: unknown): string {
  if (isApiError(error)) {
    if (error.errors.length > 0) return error.errors.join(' ');
    if (error.status === 409 || error.status === 400) return error.message;
  }
  return t('clusters.tryAgain');
}

/**
 * The card menu's actions with the allowed-when rules of spec "States and transitions"; the
 * drawers they open are named by uuid (they read the full smart cluster).
 */
export function useClusterActions(initialDetailsUuid: string | null = null) {
  const { modal } = App.useApp();
  const deleteMutation = useDeleteSmartCluster();
  const [detailsUuid, setDetailsUuid] = useState<string | null>(initialDetailsUuid);
  const [updatingUuid, setUpdatingUuid] = useState<string | null>(null);

  const openUpdate = (smartCluster: SmartClusterListItem) => {
    const decision = canUpdate(smartCluster);
    if (!decision.allowed) {
      if (decision.warning) notify.warning(decision.warning);
      return;
    }
    setUpdatingUuid(smartCluster.uuid);
  };

  const confirmDelete = (smartCluster: SmartClusterListItem) => {
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
    openDetails: (smartCluster: SmartClusterListItem) => setDetailsUuid(smartCluster.uuid),
    closeDetails: () => setDetailsUuid(null),
    updatingUuid,
    openUpdate,
    closeUpdate: () => setUpdatingUuid(null),
    confirmDelete,
  };
}
