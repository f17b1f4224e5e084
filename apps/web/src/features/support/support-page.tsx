import {
  BookOutlined,
  CustomerServiceOutlined,
  InfoCircleOutlined,
  MailOutlined,
} from '@ant-design/icons';
import { displayStatus, parseStatus } from '@meridian/domain/status';
import { currentLocale } from '../../shared/i18n/locale';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Skeleton, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../shared/components/page-header';
import type { TextKey } from './support.texts';
import { t } from './support.texts';
import { appsQueryOptions } from '../../shared/api/apps-list';
import { clustersQueryOptions } from '../../shared/api/clusters-list';
import { ApiError } from '../../shared/api/api-error';
import {
  getSmartClusterInFull,
  smartClusterInFullQueryKey,
} from '../../shared/api/smart-cluster-in-full';
import {
  appJob,
  clusterJob,
  jobStatusLabel,
  smartClusterJob,
  type SupportJobInfo,
  type SupportJobKind,
} from './support-job.rules';
import styles from './support-page.module.css';

export type { SupportJobKind } from './support-job.rules';

/** The operator's support channel; one address for every kind of request. */
export const SUPPORT_EMAIL = 'support@meridian.example';

const jobTitles: Record<SupportJobKind, TextKey> = {
  'smart-cluster': 'support.job.smartCluster',
  app: 'support.job.app',
  cluster: 'support.job.cluster',
};

/** /support and /support/{smart-cluster,app,cluster}/:jobUuid. */
export function SupportPage({ jobKind }: { jobKind?: SupportJobKind }) {
  const { jobUuid } = useParams();
  const job = jobKind && jobUuid ? { kind: jobKind, uuid: jobUuid } : undefined;
  const subject = job ? `${t(jobTitles[job.kind])} ${job.uuid}` : t('support.contact.subject');
  const mailto = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`;

  return (
    <>
      <PageHeader title={t('support.title')} description={t('support.intro')} />
      <div className={styles.grid}>
        <Card variant="borderless" className={styles.card} data-testid="support-contact">
          <Card.Meta
            avatar={<CustomerServiceOutlined aria-hidden className={styles.icon} />}
            title={t('support.contact.title')}
            description={
              <>
                <Typography.Paragraph>{t('support.contact.body')}</Typography.Paragraph>
                <div className={styles.email}>
                  <MailOutlined aria-hidden /> <a href={mailto}>{SUPPORT_EMAIL}</a>
                </div>
                <Typography.Text type="secondary">{t('support.contact.hours')}</Typography.Text>
              </>
            }
          />
        </Card>
        {job ? <JobCard kind={job.kind} uuid={job.uuid} /> : null}
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
                <li>
                  <Link to="/terms-of-services">{t('terms.title')}</Link>
                </li>
              </ul>
            }
          />
        </Card>
      </div>
    </>
  );
}

/** Looks the referenced job up in the user's own resources and shows where it stands. */
function JobCard({ kind, uuid }: { kind: SupportJobKind; uuid: string }) {
  // A smart cluster is read alone; an unknown one (404) is "not found", not a failed lookup.
  const smartCluster = useQuery({
    queryKey: smartClusterInFullQueryKey(uuid),
    queryFn: ({ signal }) => getSmartClusterInFull(uuid, signal),
    enabled: kind === 'smart-cluster',
    retry: false,
  });
  const unknownSmartCluster =
    smartCluster.error instanceof ApiError && smartCluster.error.status === 404;
  const clusters = useQuery({ ...clustersQueryOptions(), enabled: kind === 'cluster' });
  const apps = useQuery({ ...appsQueryOptions(), enabled: kind === 'app' });
  const source = kind === 'smart-cluster' ? smartCluster : kind === 'cluster' ? clusters : apps;
  const lookupFailed = source.isError && !unknownSmartCluster;

  let info: SupportJobInfo | undefined;
  if (kind === 'smart-cluster' && smartCluster.data)
    info = smartClusterJob(smartCluster.data.smart_cluster);
  if (kind === 'cluster' && clusters.data) info = clusterJob(clusters.data, uuid);
  if (kind === 'app' && apps.data) info = appJob(apps.data, uuid);

  return (
    <Card variant="borderless" className={styles.card} data-testid="support-job">
      <Card.Meta
        avatar={<InfoCircleOutlined aria-hidden className={styles.icon} />}
        title={
          <div className={styles.jobTitle}>
            <span>{t('support.job.title')}</span>
            {info ? <JobStatusTag info={info} /> : null}
          </div>
        }
        description={
          <>
            <Typography.Paragraph>
              {t(jobTitles[kind])}:{' '}
              <Typography.Text code copyable>
                {uuid}
              </Typography.Text>
            </Typography.Paragraph>
            {source.isPending ? (
              <Skeleton active paragraph={{ rows: 2 }} title={false} />
            ) : lookupFailed ? (
              <Alert type="warning" showIcon title={t('support.job.fetchFailed')} />
            ) : info ? (
              <JobDetails info={info} />
            ) : (
              <Typography.Text type="secondary">{t('support.job.notFound')}</Typography.Text>
            )}
          </>
        }
      />
    </Card>
  );
}

function JobStatusTag({ info }: { info: SupportJobInfo }) {
  return (
    <Tag
      color={displayStatus(info.status).color}
      variant="filled"
      data-testid="support-job-status"
      data-status={parseStatus(info.status) ?? info.status}
    >
      {jobStatusLabel(info, currentLocale())}
    </Tag>
  );
}

function JobDetails({ info }: { info: SupportJobInfo }) {
  const failed = parseStatus(info.status) === 'failure';
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'name', label: t('support.job.name'), children: info.name },
          ...(info.context
            ? [{ key: 'context', label: t('support.job.where'), children: info.context }]
            : []),
        ]}
      />
      {failed ? (
        <Alert
          className={styles.reason}
          type="error"
          showIcon
          title={t('support.job.failed')}
          // As on the app and cluster screens: the reason when the job gave one, otherwise
          // the generic ask to contact support.
          description={
            info.reason ? (
              <code data-testid="support-job-reason">{info.reason}</code>
            ) : (
              t('support.job.contactSupport')
            )
          }
        />
      ) : null}
    </>
  );
}
