import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useDispatch } from 'react-redux';
import { EmptyState } from '../../shared/components/empty-state';
import { PageHeader } from '../../shared/components/page-header';
import { t } from '../../shared/i18n/translate';
import { createDrawerOpened } from '../../shared/store/ui.slice';

/** /domain: domains and their DNS records. */
export function DomainsPage() {
  const dispatch = useDispatch();
  const openCreate = () => dispatch(createDrawerOpened('domain'));
  return (
    <>
      <PageHeader
        title={t('domains.title')}
        description={t('domains.intro')}
        actions={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={openCreate}>
            {t('domains.add')}
          </Button>
        }
      />
      <EmptyState
        title={t('domains.empty')}
        hint={t('domains.emptyHint')}
        action={
          <Button type="primary" ghost icon={<PlusOutlined aria-hidden />} onClick={openCreate}>
            {t('domains.add')}
          </Button>
        }
      />
    </>
  );
}
