import { Alert, Card, Skeleton, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../shared/components/page-header';
import { t } from './references.texts';
import { useReferenceNameservers } from './api/get-nameservers';
import styles from './cluster-integration-page.module.css';

/** `{smartClusterId}&{smartClusterName}` as one path segment (spec "Screens and routes"). */
export function parseSmartClusterRef(ref: string | undefined) {
  if (!ref) return null;
  const separator = ref.indexOf('&');
  if (separator < 0) return { smartClusterId: ref, smartClusterName: ref };
  return {
    smartClusterId: ref.slice(0, separator),
    smartClusterName: ref.slice(separator + 1) || ref.slice(0, separator),
  };
}

/** /references/nameservers(/:ref): where to point a domain, and how. */
export function NameserversPage() {
  const cluster = parseSmartClusterRef(useParams().ref);
  const nameservers = useReferenceNameservers();

  let list;
  if (nameservers.isPending) {
    list = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  } else if (nameservers.isError || (nameservers.data ?? []).length === 0) {
    list = (
      <Alert
        type="warning"
        showIcon
        className={styles.alert}
        title={t('references.nameservers.unavailable')}
      />
    );
  } else {
    list = (
      <ol className={styles.steps} data-testid="reference-nameservers">
        {(nameservers.data ?? []).map((name) => (
          <li key={name}>
            <Typography.Text code copyable>
              {name}
            </Typography.Text>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <>
      <PageHeader
        title={t('references.nameservers.title')}
        description={
          <>
            {t('references.nameservers.intro')}
            {cluster ? (
              <>
                {' '}
                {t('references.nameservers.cluster', {
                  smartClusterName: cluster.smartClusterName,
                })}
              </>
            ) : null}
          </>
        }
      />
      <div className={styles.sections}>
        {cluster ? (
          <Alert
            type="info"
            showIcon
            data-testid="nameservers-cluster"
            title={t('references.nameservers.clusterTitle', {
              smartClusterName: cluster.smartClusterName,
            })}
            description={t('references.nameservers.clusterBody', {
              smartClusterName: cluster.smartClusterName,
            })}
          />
        ) : null}
        <Card className={styles.card}>
          <Typography.Title level={2} className={styles.heading}>
            {t('references.nameservers.listTitle')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {t('references.nameservers.listIntro')}
          </Typography.Paragraph>
          {list}
        </Card>
        <Card className={styles.card}>
          <Typography.Title level={2} className={styles.heading}>
            {t('references.nameservers.stepsTitle')}
          </Typography.Title>
          <ol className={styles.steps}>
            <li>
              {t('references.nameservers.step.add')}{' '}
              <Link to="/domain">{t('references.nameservers.step.addLink')}</Link>
            </li>
            <li>{t('references.nameservers.step.registrar')}</li>
            <li>{t('references.nameservers.step.replace')}</li>
            <li>{t('references.nameservers.step.save')}</li>
            <li>{t('references.nameservers.step.records')}</li>
          </ol>
          <Typography.Paragraph type="secondary">
            {t('references.nameservers.propagation')}
          </Typography.Paragraph>
        </Card>
      </div>
    </>
  );
}
