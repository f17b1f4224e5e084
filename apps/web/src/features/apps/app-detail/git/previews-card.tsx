import type { App } from '@meridian/domain/apps/app-api';
import type { Preview } from '@meridian/domain/apps/preview';
import { Alert, Typography } from 'antd';
import { formatDateTime } from '../../../../shared/lib/format-date';
import { t } from '../../apps.texts';
import { useGitSource } from '../../api/git-source';
import { usePreviews } from '../../api/previews';
import { errorDescription } from '../action-errors';
import { StatusTag } from '../status-tag';
import styles from './previews-card.module.css';

/** One request's preview: its number and title, branch, commit, author, where and how it runs. */
function PreviewRow({ preview }: { preview: Preview }) {
  const { deployment } = preview;
  return (
    <li className={styles.row} aria-label={t('apps.previews.row', { number: preview.pr_number })}>
      <div className={styles.head}>
        <span className={styles.number}>#{preview.pr_number}</span>
        <span className={styles.prTitle}>{preview.title ?? preview.branch}</span>
        <StatusTag status={deployment.status} kind="deployment" reason={deployment.status_reason} />
      </div>
      <div className={styles.facts}>
        <span>{t('apps.previews.branch', { branch: preview.branch })}</span>
        <Typography.Text code>{preview.sha.slice(0, 7)}</Typography.Text>
        <span>{t('apps.previews.author', { author: preview.author })}</span>
        <span>{deployment.datacenter_name}</span>
        <span>{t('apps.previews.updated', { at: formatDateTime(deployment.updatedAt) })}</span>
      </div>
      {preview.domain_name ? (
        <Typography.Text copyable className={styles.name} data-testid="preview-name">
          {preview.domain_name}
        </Typography.Text>
      ) : null}
    </li>
  );
}

/**
 * Issue 39: the app's pull-request previews, under its git source. Shown once the source deploys
 * previews, or while any is left.
 */
export function PreviewsCard({ app }: { app: App }) {
  const source = useGitSource(app.uuid).data ?? null;
  const previews = usePreviews(app.uuid, source !== null);
  const list = previews.data ?? [];
  if (!source || (!source.previews && list.length === 0)) return null;
  let body;
  if (previews.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('apps.previews.fetchFailed')}
        description={errorDescription(previews.error)}
      />
    );
  } else if (list.length === 0) {
    body = (
      <Typography.Paragraph type="secondary">
        {t('apps.previews.empty', { branch: source.branch })}
      </Typography.Paragraph>
    );
  } else {
    body = (
      <ul className={styles.list}>
        {list.map((preview) => (
          <PreviewRow key={preview.pr_number} preview={preview} />
        ))}
      </ul>
    );
  }
  return (
    <section className={styles.section} aria-labelledby="app-previews-title">
      <h2 id="app-previews-title" className={styles.title}>
        {t('apps.previews.title')}
      </h2>
      {body}
    </section>
  );
}
