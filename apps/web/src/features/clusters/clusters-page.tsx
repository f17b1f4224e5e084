import { FilterOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useLocation, useParams } from 'react-router';
import { EmptyState } from '../../shared/components/empty-state';
import { PageHeader } from '../../shared/components/page-header';
import { VirtualCardGrid } from '../../shared/components/virtual-card-grid';
import { t } from './clusters.texts';
import { createDrawerOpened, mapFocused } from '../../shared/store/ui.slice';
import { useDatacenters } from './api/get-datacenters';
import { useSmartClusterInFull } from './api/get-smart-cluster-in-full';
import { useSmartClusterPages } from './api/get-smart-cluster-pages';
import { initialClusterFilter, smartClusterFilterParams } from './cluster-rules';
import type { ClusterFilter } from './cluster-rules';
import { ClusterDetailsDrawer } from './components/cluster-details-drawer';
import { ClusterFilterPanel } from './components/cluster-filter-panel';
import { ClusterFormDrawer } from './components/cluster-form-drawer';
import styles from './components/clusters.module.css';
import { SmartClusterCard } from './components/smart-cluster-card';
import { useClusterActions } from './components/use-cluster-actions';

type ClusterActions = ReturnType<typeof useClusterActions>;

/** The list as it stands: loading, failed, empty, nothing matching, or the cards. */
function ClusterListContent({
  query,
  highlighted,
  actions,
  onCreate,
}: {
  query: ReturnType<typeof useSmartClusterPages>;
  highlighted: boolean;
  actions: ClusterActions;
  onCreate: () => void;
}) {
  const first = query.data?.pages[0];
  if (query.isPending) {
    return (
      <div className={styles.grid}>
        {[0, 1, 2].map((key) => (
          <div key={key} className={styles.card}>
            <Skeleton active avatar paragraph={{ rows: 3 }} />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError || !first) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('clusters.fetchFailed')}
        description={t('clusters.tryAgain')}
      />
    );
  }
  if (first.overview.smart_clusters === 0 && first.total === 0) {
    return (
      <EmptyState
        title={t('clusters.empty')}
        hint={t('clusters.emptyHint')}
        action={
          <Button type="primary" ghost icon={<PlusOutlined aria-hidden />} onClick={onCreate}>
            {t('clusters.create')}
          </Button>
        }
      />
    );
  }
  if (first.total === 0) {
    return <EmptyState title={t('clusters.noMatch')} hint={t('clusters.noMatchHint')} />;
  }
  return (
    <VirtualCardGrid
      items={query.data.pages.flatMap((page) => page.items)}
      total={first.total}
      label={t('clusters.title')}
      testId="clusters-scroller"
      pages={query}
      keyOf={(cluster) => cluster.uuid}
      renderCard={(cluster) => (
        <SmartClusterCard
          cluster={cluster}
          highlighted={highlighted}
          onDetails={() => actions.openDetails(cluster)}
          onUpdate={() => actions.openUpdate(cluster)}
          onDelete={() => actions.confirmDelete(cluster)}
        />
      )}
    />
  );
}

/** The details and update drawers, each showing the smart cluster it names in full. */
function ClusterDrawers({ actions }: { actions: ClusterActions }) {
  const datacenters = useDatacenters();
  const details = useSmartClusterInFull(actions.detailsUuid);
  const updating = useSmartClusterInFull(actions.updatingUuid);
  return (
    <>
      <ClusterDetailsDrawer
        smartCluster={details.smartCluster}
        members={details.members}
        datacenters={datacenters.data ?? []}
        onClose={actions.closeDetails}
      />
      <ClusterFormDrawer
        open={updating.smartCluster !== null}
        smartCluster={updating.smartCluster}
        onClose={actions.closeUpdate}
      />
    </>
  );
}

/** /clusters and /datacenters/:datacenterId: the Smart clusters page. */
export function ClustersPage() {
  const dispatch = useDispatch();
  const { datacenterId } = useParams();
  const datacenters = useDatacenters();
  const [filter, setFilter] = useState<ClusterFilter>(initialClusterFilter);
  const [filterOpen, setFilterOpen] = useState(false);
  const query = useSmartClusterPages(smartClusterFilterParams(filter, datacenterId));
  // Coming back from an app opened in a smart cluster's drawer reopens that drawer.
  const location = useLocation();
  const reopen = (location.state as { openSmartClusterUuid?: string } | null)?.openSmartClusterUuid;
  const actions = useClusterActions(reopen ?? null);
  const openCreate = () => dispatch(createDrawerOpened('cluster'));

  const datacenter = datacenters.data?.find((item) => item.uuid === datacenterId);
  const focus = datacenter?.coordinates;

  // /datacenters/{id} zooms the map onto that datacenter; leaving the page zooms back out.
  useEffect(() => {
    dispatch(mapFocused(focus ? { longitude: focus.longitude, latitude: focus.latitude } : null));
  }, [dispatch, focus]);
  useEffect(() => () => void dispatch(mapFocused(null)), [dispatch]);

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
      <ClusterListContent
        query={query}
        highlighted={Boolean(datacenterId)}
        actions={actions}
        onCreate={openCreate}
      />
      <ClusterDrawers actions={actions} />
    </>
  );
}
