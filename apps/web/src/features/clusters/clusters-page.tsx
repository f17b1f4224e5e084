import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useDispatch } from 'react-redux';
import { useParams } from 'react-router';
import { EmptyState } from '../../shared/components/empty-state';
import { PageHeader } from '../../shared/components/page-header';
import { t } from '../../shared/i18n/translate';
import { createDrawerOpened } from '../../shared/store/ui.slice';

/** /clusters and /datacenters/:datacenterId: the Smart clusters page. */
export function ClustersPage() {
  const dispatch = useDispatch();
  const { datacenterId } = useParams();
  const openCreate = () => dispatch(createDrawerOpened('cluster'));

  return (
    <>
      <PageHeader
        title={t('clusters.title')}
        description={
          datacenterId ? t('clusters.datacenter', { datacenterId }) : t('clusters.intro')
        }
        actions={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={openCreate}>
            {t('clusters.create')}
          </Button>
        }
      />
      <EmptyState
        title={t('clusters.empty')}
        hint={t('clusters.emptyHint')}
        action={
          <Button type="primary" ghost icon={<PlusOutlined aria-hidden />} onClick={openCreate}>
            {t('clusters.create')}
          </Button>
        }
      />
    </>
  );
}
