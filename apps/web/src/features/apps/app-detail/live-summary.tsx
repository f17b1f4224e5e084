import { ExportOutlined } from '@ant-design/icons';
import type { App, Deployment } from '@meridian/domain/apps/app-api';
import type { Rollout } from '@meridian/domain/apps/rollout';
import { isInProgress, parseStatus } from '@meridian/domain/status';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { t } from '../apps.texts';
import { isActiveRollout, useAppRollouts } from '../api/app-rollouts';
import { liveSmartClusters, type LiveSmartCluster } from './live.rules';
import { rolloutsAnchor } from './rollouts/rollouts-card';
import styles from './live-summary.module.css';
import { StatusTag } from './status-tag';
import { VisuallyHidden } from '../../../shared/components/visually-hidden';

/** How many addresses a row shows before '+N more'. */
const addressesShown = 3;

/** The status of a version's locations together: a failure, else work under way, else success. */
function statusOf(deployments: readonly Deployment[]): string {
  const statuses = deployments.map((deployment) => parseStatus(deployment.status));
  return (
    statuses.find((status) => status === 'failure') ??
    statuses.find((status) => status && isInProgress(status)) ??
    statuses.find((status) => status === 'update_subdomains_failure') ??
    'success'
  );
}

function locationsOf(deployments: readonly Deployment[]): string {
  return deployments.map((deployment) => deployment.datacenter_name).join(', ');
}

function RolloutLine({ app, rollout }: { app: App; rollout: Rollout }) {
  const words = {
    version: rollout.to_version.name,
    done: rollout.steps.filter((step) => step.state === 'done').length,
    total: rollout.steps.length,
  };
  return (
    <span className={styles.rollout} data-testid="live-rollout">
      {t(rollout.status === 'paused' ? 'apps.live.paused' : 'apps.live.rolling', words)}{' '}
      <Link to={`/apps/${app.uuid}#${rolloutsAnchor}`}>{t('apps.live.follow')}</Link>
    </span>
  );
}

function LiveRow({ app, live, rollout }: { app: App; live: LiveSmartCluster; rollout?: Rollout }) {
  const [all, setAll] = useState(false);
  const shown = all ? live.addresses : live.addresses.slice(0, addressesShown);
  return (
    <li className={styles.row} data-testid="live-smart-cluster">
      <span className={styles.cluster}>{live.smartClusterName}</span>
      <span className={styles.versions}>
        {live.versions.map(({ version, deployments }) => (
          <span key={version.uuid} className={styles.version} data-testid="live-version">
            <Tag color="blue" className={styles.versionTag}>
              {version.name}
            </Tag>
            <StatusTag status={statusOf(deployments)} kind="deployment" />
            <span className={styles.where}>{locationsOf(deployments)}</span>
          </span>
        ))}
        {rollout ? <RolloutLine app={app} rollout={rollout} /> : null}
      </span>
      <span className={styles.addresses}>
        {shown.length === 0 ? (
          <span className={styles.muted}>{t('apps.live.noAddress')}</span>
        ) : (
          shown.map((address) => (
            <a
              key={address.text}
              className={styles.address}
              href={address.href}
              target="_blank"
              rel="noreferrer"
            >
              {address.location ? (
                <span className={styles.addressPlace}>{address.location}</span>
              ) : null}
              <span className={styles.addressText}>{address.text}</span>
              <span className={styles.open}>
                {t('apps.live.open')}
                <VisuallyHidden>{t('apps.live.newTab')}</VisuallyHidden>{' '}
                <ExportOutlined aria-hidden />
              </span>
            </a>
          ))
        )}
        {live.addresses.length > shown.length ? (
          <Button type="link" size="small" className={styles.more} onClick={() => setAll(true)}>
            {t('apps.live.moreAddresses', { count: live.addresses.length - shown.length })}
          </Button>
        ) : null}
      </span>
    </li>
  );
}

/** The app page's one answer to "what runs where": per smart cluster its version, status and address. */
export function LiveSummary({ app }: { app: App }) {
  const rollouts = useAppRollouts(app.uuid).data ?? [];
  const live = liveSmartClusters(app);
  return (
    <section className={styles.section} aria-labelledby="app-live-title" data-testid="live-summary">
      <h2 id="app-live-title" className={styles.title}>
        {t('apps.live.title')}
      </h2>
      {live.length === 0 ? (
        <p className={styles.muted}>{t('apps.live.none')}</p>
      ) : (
        <ul className={styles.list}>
          <li className={`${styles.row} ${styles.head}`} aria-hidden>
            <span>{t('apps.live.smartCluster')}</span>
            <span>{t('apps.live.version')}</span>
            <span>{t('apps.live.address')}</span>
          </li>
          {live.map((entry) => (
            <LiveRow
              key={entry.smartClusterId}
              app={app}
              live={entry}
              rollout={rollouts.find(
                (rollout) =>
                  isActiveRollout(rollout) && rollout.smart_cluster_uuid === entry.smartClusterId,
              )}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
