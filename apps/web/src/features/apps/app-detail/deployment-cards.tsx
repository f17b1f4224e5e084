import { EnvironmentOutlined } from '@ant-design/icons';
import type { Deployment, Version } from '@meridian/domain/apps/app-api';
import { Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { t } from '../apps.texts';
import { deploymentCardVisibility, desiredReplicas } from './app-detail.rules';
import styles from './app-detail.module.css';
import { HeatSizingCards } from './heat-sizing-cards';
import { InfoCard } from './info-card';
import { CertificateCard } from './certificate-card';
import { DeploymentMetricsCard } from './metrics/metrics-card';
import { DeveloperCard } from './developer-card';
import { StackOutputsCard } from './stack-outputs-card';
import { StackParametersCard } from './stack-parameters-card';
import { StatusTag } from './status-tag';

/** The deployment's cards (spec "App detail screen"): cluster, replicas, status, size, names, address, ports. */
export function DeploymentCards({
  deployment,
  version,
}: {
  deployment: Deployment;
  version: Version | undefined;
}) {
  const visible = deploymentCardVisibility(deployment);
  const desired = desiredReplicas(deployment);
  // Flavor and volume type size a Heat stack; a Kubernetes deployment has neither.
  const heat = version?.template_type === 'HEAT';
  return (
    <div className={styles.infoGrid}>
      <InfoCard title={t('apps.detail.card.cluster')} testId="card-cluster">
        <Link to={`/datacenters/${deployment.datacenter_uuid}`} className={styles.clusterLink}>
          <EnvironmentOutlined aria-hidden /> {deployment.cluster_name}
        </Link>
        <Tag className={styles.datacenterTag}>{deployment.datacenter_name}</Tag>
      </InfoCard>
      <InfoCard title={t('apps.detail.card.replicas')} testId="card-replicas">
        {desired === undefined ? (
          <span className={styles.muted}>{t('apps.detail.none')}</span>
        ) : (
          <>
            <span className={styles.bigNumber}>{desired}</span>
            <span className={styles.muted}>
              {t('apps.detail.card.ready', { ready: deployment.ready_replicas ?? 0 })}
            </span>
          </>
        )}
      </InfoCard>
      <InfoCard title={t('apps.detail.card.status')} testId="card-status">
        <StatusTag status={deployment.status} kind="deployment" reason={deployment.status_reason} />
      </InfoCard>
      {heat ? <HeatSizingCards deployment={deployment} /> : null}
      {visible.domainNames ? (
        <InfoCard title={t('apps.detail.card.domainNames')} testId="card-domain-names">
          {deployment.domain_names.length === 0 ? (
            <span className={styles.muted}>{t('apps.detail.card.noDomains')}</span>
          ) : (
            <ul className={styles.plainList}>
              {deployment.domain_names.map((name) => (
                <li key={name}>
                  <Typography.Link href={`https://${name}`} target="_blank" rel="noreferrer">
                    {name}
                  </Typography.Link>
                </li>
              ))}
            </ul>
          )}
        </InfoCard>
      ) : null}
      {deployment.certificate_uuid ? <CertificateCard deploymentId={deployment.uuid} /> : null}
      {visible.loadBalancer && deployment.endpoint ? (
        <InfoCard title={t('apps.detail.card.loadBalancer')} testId="card-load-balancer">
          <Typography.Text copyable code>
            {deployment.endpoint}
          </Typography.Text>
        </InfoCard>
      ) : null}
      {visible.ports ? (
        <InfoCard title={t('apps.detail.card.ports')} testId="card-ports">
          {deployment.ports.length === 0 ? (
            <span className={styles.muted}>{t('apps.detail.none')}</span>
          ) : (
            <ul className={styles.plainList}>
              {deployment.ports.map((port) => (
                <li key={`${port.name}:${port.port}`}>
                  <Tag>{port.port}</Tag>
                  <span className={styles.muted}>{port.name}</span>
                </li>
              ))}
            </ul>
          )}
        </InfoCard>
      ) : null}
      {deployment.stack_outputs ? <StackOutputsCard outputs={deployment.stack_outputs} /> : null}
      {deployment.stack_parameters ? (
        <StackParametersCard parameters={deployment.stack_parameters} />
      ) : null}
      <DeveloperCard title={t('apps.detail.metrics.title')}>
        <DeploymentMetricsCard deploymentId={deployment.uuid} />
      </DeveloperCard>
    </div>
  );
}
