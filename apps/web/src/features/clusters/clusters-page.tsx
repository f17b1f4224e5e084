import { FilterOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useLocation, useParams } from 'react-router';
import { EmptyState } from '../../shared/components/empty-state';
import { PageHeader } from '../../shared/components/page-header';
import { t } from '../../shared/i18n/translate';
import { createDrawerOpened, mapFocused } from '../../shared/store/ui.slice';
import { useClusters } from '../../shared/api/clusters-list';
import { useDatacenters } from './api/get-datacenters';
import { useSmartClusters } from '../../shared/api/smart-clusters-list';
import { filterSmartClusters, initialClusterFilter, membersOf } from './cluster-rules';
import type { ClusterFilter } from './cluster-rules';
import { ClusterDetailsDrawer } from './components/cluster-details-drawer';
import { ClusterFilterPanel } from './components/cluster-filter-panel';
import { ClusterFormDrawer } from './components/cluster-form-drawer';
import styles from './components/clusters.module.css';
import { SmartClusterCard } from './components/smart-cluster-card';
import { useClusterActions } from './components/use-cluster-actions';

/** /clusters and /datacenters/:datacenterId: the Smart clusters page. */
export function ClustersPage() {
  const dispatch = useDispatch();
  const { datacenterId } = useParams();
  const smartClusters = useSmartClusters();
  const clusters = useClusters();
  const datacenters = useDatacenters();
  const [filter, setFilter] = useState<ClusterFilter>(initialClusterFilter);
  const [filterOpen, setFilterOpen] = useState(false);
  const members = useMemo(() => clusters.data ?? [], [clusters.data]);
  // Coming back from an app opened in a smart cluster's drawer reopens that drawer.
  const location = useLocation();
  const reopen = (location.state as { openSmartClusterUuid?: string } | null)?.openSmartClusterUuid;
  const actions = useClusterActions(members, reopen ?? null);
  const openCreate = () => dispatch(createDrawerOpened('cluster'));

  const datacenter = datacenters.data?.find((item) => item.uuid === datacenterId);
  const focus = datacenter?.coordinates;

  // /datacenters/{id} zooms the map onto that datacenter; leaving the page zooms back out.
  useEffect(() => {
    dispatch(mapFocused(focus ? { longitude: focus.longitude, latitude: focus.latitude } : null));
  }, [dispatch, focus]);
  useEffect(() => () => void dispatch(mapFocused(null)), [dispatch]);

  const all = smartClusters.data ?? [];
  const visible = filterSmartClusters(all, filter, datacenterId);
  const details = all.find((item) => item.uuid === actions.detailsUuid) ?? null;

  let content;
  if (smartClusters.isPending) {
    content = (
      <div className={styles.grid}>
        {[0, 1, 2].map((key) => (
          <div key={key} className={styles.card}>
            <Skeleton active avatar paragraph={{ rows: 3 }} />
          </div>
        ))}
      </div>
    );
  } else if (smartClusters.isError) {
    content = (
      <Alert
        type="error"
        showIcon
        title={t('clusters.fetchFailed')}
        description={t('clusters.tryAgain')}
      />
    );
  } else if (all.length === 0) {
    content = (
      <EmptyState
        title={t('clusters.empty')}
        hint={t('clusters.emptyHint')}
        action={
          <Button type="primary" ghost icon={<PlusOutlined aria-hidden />} onClick={openCreate}>
            {t('clusters.create')}
          </Button>
        }
      />
    );
  } else if (visible.length === 0) {
    content = <EmptyState title={t('clusters.noMatch')} hint={t('clusters.noMatchHint')} />;
  } else {
    content = (
      <div className={styles.grid} role="list" aria-label={t('clusters.title')}>
        {visible.map((cluster) => (
          <div role="listitem" key={cluster.uuid}>
            <SmartClusterCard
              cluster={cluster}
              highlighted={Boolean(datacenterId)}
              onDetails={() => actions.openDetails(cluster)}
              onUpdate={() => actions.openUpdate(cluster)}
              onDelete={() => actions.confirmDelete(cluster)}
            />
          </div>
        ))}
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={t('clusters.title')}
        description={
          datacenterId ? (
            <>
              {t('clusters.datacenterShowing', {
                location: datacenter?.location ?? datacenterId,
              })}{' '}
              · <Link to="/clusters">{t('clusters.showAll')}</Link>
            </>
          ) : (
            t('clusters.intro')
          )
        }
        actions={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={openCreate}>
            {t('clusters.create')}
          </Button>
        }
      />
      <div className={styles.toolbar}>
        <Input
          className={styles.search}
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('clusters.search')}
          aria-label={t('clusters.search')}
          value={filter.search}
          onChange={(event) => setFilter({ ...filter, search: event.target.value })}
        />
        <Button
          icon={<FilterOutlined aria-hidden />}
          type={filterOpen ? 'primary' : 'default'}
          ghost={filterOpen}
          aria-expanded={filterOpen}
          onClick={() => setFilterOpen((open) => !open)}
        >
          {t('clusters.filter')}
        </Button>
      </div>
      {filterOpen ? <ClusterFilterPanel filter={filter} onChange={setFilter} /> : null}
      {content}
      <ClusterDetailsDrawer
        smartCluster={details}
        members={details ? membersOf(details, members) : []}
        datacenters={datacenters.data ?? []}
        onClose={actions.closeDetails}
      />
      <ClusterFormDrawer
        open={actions.updating !== null}
        smartCluster={actions.updating}
        onClose={actions.closeUpdate}
      />
    </>
  );
}
