import { BookOutlined, CustomerServiceOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../shared/components/page-header';
import { t } from '../../shared/i18n/translate';
import type { TextKey } from '../../shared/i18n/en';
import styles from './support-page.module.css';

export type SupportJobKind = 'smart-cluster' | 'app' | 'cluster';

const jobTitles: Record<SupportJobKind, TextKey> = {
  'smart-cluster': 'support.job.smartCluster',
  app: 'support.job.app',
  cluster: 'support.job.cluster',
};

/** /support and /support/{smart-cluster,app,cluster}/:jobUuid. */
export function SupportPage({ jobKind }: { jobKind?: SupportJobKind }) {
  const { jobUuid } = useParams();

  return (
    <>
      <PageHeader title={t('support.title')} description={t('support.intro')} />
      <div className={styles.grid}>
        <Card variant="borderless" className={styles.card}>
          <Card.Meta
            avatar={<CustomerServiceOutlined aria-hidden className={styles.icon} />}
            title={t('support.contact.title')}
            description={t('support.contact.body')}
          />
        </Card>
        {jobKind && jobUuid ? (
          <Card variant="borderless" className={styles.card}>
            <Card.Meta
              avatar={<InfoCircleOutlined aria-hidden className={styles.icon} />}
              title={t('support.job.title')}
              description={
                <>
                  {t(jobTitles[jobKind])}:{' '}
                  <Typography.Text code copyable>
                    {jobUuid}
                  </Typography.Text>
                </>
              }
            />
          </Card>
        ) : null}
        <Card variant="borderless" className={styles.card}>
          <Card.Meta
            avatar={<BookOutlined aria-hidden className={styles.icon} />}
            title={t('support.references.title')}
            description={
              <ul className={styles.links}>
                <li>
                  <Link to="/references/nameservers">{t('references.nameservers.title')}</Link>
                </li>
                <li>
                  <Link to="/references/cluster-integration">
                    {t('references.clusterIntegration.title')}
                  </Link>
                </li>
              </ul>
            }
          />
        </Card>
      </div>
    </>
  );
}
