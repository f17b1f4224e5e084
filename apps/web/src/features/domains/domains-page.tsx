import { PlusOutlined } from '@ant-design/icons';
import { isDomainInUseMessage, type Domain } from '@meridian/domain/domains/domain-api';
import { Alert, App as AntdApp, Button, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useDispatch } from 'react-redux';
import { EmptyState } from '../../shared/components/empty-state';
import { PageHeader } from '../../shared/components/page-header';
import { VirtualCardGrid } from '../../shared/components/virtual-card-grid';
import { RoleGate } from '../../shared/components/role-gate';
import { t } from './domains.texts';
import { isApiError } from '../../shared/api/api-error';
import { notify } from '../../shared/notifications/notify';
import { operationNoticeKey } from '../../shared/realtime/event-effects';
import { createDrawerOpened } from '../../shared/store/ui.slice';
import { useDeleteDomain } from './api/delete-domain';
import { domainNameOf, useDomainPages } from './api/get-domains';
import { DomainCard } from './components/domain-card';
import { DomainDetailsDrawer } from './components/domain-details-drawer';
import styles from './components/domains.module.css';
import { domainErrorDescription } from './domain-errors';

/** /domain: domains and their DNS records. */
export function DomainsPage() {
  const dispatch = useDispatch();
  const { modal } = AntdApp.useApp();
  const domains = useDomainPages();
  const deleteDomain = useDeleteDomain();
  const [detailsUuid, setDetailsUuid] = useState<string | null>(null);
  const openCreate = () => dispatch(createDrawerOpened('domain'));
  const all = useMemo(
    () => domains.data?.pages.flatMap((page) => page.items) ?? [],
    [domains.data],
  );
  const total = domains.data?.pages[0]?.total ?? 0;
  const details = all.find((domain) => domain.uuid === detailsUuid) ?? null;

  const deleted = (domain: Domain, name: string) => {
    notify.success(t('domains.deleted', { name }), undefined, {
      key: operationNoticeKey('DOMAIN', 'DELETE', domain.uuid),
    });
    setDetailsUuid((current) => (current === domain.uuid ? null : current));
  };

  /** Deployments still use names under it: say which, and offer to take those names off too. */
  const confirmRelease = (domain: Domain, name: string, reason: string) => {
    modal.confirm({
      title: t('domains.release.title', { name }),
      content: reason,
      okText: t('domains.release.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        deleteDomain.mutateAsync({ domainId: domain.uuid, releaseNames: true }).then(
          () => deleted(domain, name),
          (error: unknown) =>
            notify.error(t('domains.deleteFailed'), domainErrorDescription(error)),
        ),
    });
  };

  const confirmDelete = (domain: Domain) => {
    const name = domainNameOf(domain);
    modal.confirm({
      title: t('domains.delete.title', { name }),
      content: t('domains.delete.body'),
      okText: t('domains.delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        deleteDomain.mutateAsync({ domainId: domain.uuid }).then(
          () => deleted(domain, name),
          (error: unknown) => {
            if (isApiError(error) && error.status === 409 && isDomainInUseMessage(error.message)) {
              confirmRelease(domain, name, error.message);
              return;
            }
            notify.error(t('domains.deleteFailed'), domainErrorDescription(error));
          },
        ),
    });
  };

  let content;
  if (domains.isPending) {
    content = (
      <div className={styles.grid} aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((key) => (
          <div key={key} className={styles.skeletonCard}>
            <Skeleton active avatar paragraph={{ rows: 1 }} />
          </div>
        ))}
      </div>
    );
  } else if (domains.isError) {
    content = (
      <Alert
        type="error"
        showIcon
        title={t('domains.fetchFailed')}
        description={t('domains.tryAgain')}
      />
    );
  } else if (total === 0) {
    content = (
      <EmptyState
        title={t('domains.empty')}
        hint={t('domains.emptyHint')}
        action={
          <RoleGate needs="admin">
            {(disabled) => (
              <Button
                type="primary"
                ghost
                icon={<PlusOutlined aria-hidden />}
                onClick={openCreate}
                disabled={disabled}
              >
                {t('domains.add')}
              </Button>
            )}
          </RoleGate>
        }
      />
    );
  } else {
    content = (
      <VirtualCardGrid
        items={all}
        total={total}
        label={t('domains.title')}
        testId="domains-scroller"
        pages={domains}
        keyOf={(domain) => domain.uuid}
        renderCard={(domain) => (
          <DomainCard
            domain={domain}
            onDetails={() => setDetailsUuid(domain.uuid)}
            onDelete={() => confirmDelete(domain)}
          />
        )}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={t('domains.title')}
        description={t('domains.intro')}
        actions={
          <RoleGate needs="admin">
            {(disabled) => (
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden />}
                onClick={openCreate}
                disabled={disabled}
              >
                {t('domains.add')}
              </Button>
            )}
          </RoleGate>
        }
      />
      {content}
      <DomainDetailsDrawer domain={details} onClose={() => setDetailsUuid(null)} />
    </>
  );
}
