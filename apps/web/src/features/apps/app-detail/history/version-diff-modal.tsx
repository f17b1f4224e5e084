import { intlLocale } from '../../../../shared/lib/format-date';
import type { Version } from '@meridian/domain/apps/app-api';
import { Alert, Modal, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { t } from '../../apps.texts';
import { useVersionDiff } from '../../api/get-version-diff';
import { errorDescription } from '../action-errors';
import { DiffView } from './diff-view';
import styles from './history.module.css';

export interface VersionDiffModalProps {
  versions: readonly Version[];
  fromId: string;
  toId: string;
  onClose: () => void;
}

/** Two versions' rendered templates side by side; either version can be changed here. */
export function VersionDiffModal({ versions, fromId, toId, onClose }: VersionDiffModalProps) {
  const [from, setFrom] = useState(fromId);
  const [to, setTo] = useState(toId);
  const query = useVersionDiff(from, to);
  const options = versions.map((version) => ({ value: version.uuid, label: version.name }));
  const nameOf = (id: string) => versions.find((version) => version.uuid === id)?.name ?? '';

  let body;
  if (query.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (query.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('apps.diff.fetchFailed')}
        description={errorDescription(query.error)}
      />
    );
  } else if (query.data.too_different) {
    const { from_lines: fromLines, to_lines: toLines } = query.data.too_different;
    body = (
      <Alert
        type="info"
        showIcon
        data-testid="diff-too-different"
        title={t('apps.diff.tooDifferent', {
          from: query.data.from.name,
          fromLines: fromLines.toLocaleString(intlLocale()),
          to: query.data.to.name,
          toLines: toLines.toLocaleString(intlLocale()),
        })}
        description={t('apps.diff.tooDifferentHint')}
      />
    );
  } else if (query.data.additions === 0 && query.data.deletions === 0) {
    body = <Alert type="info" showIcon title={t('apps.diff.identical')} />;
  } else {
    body = (
      <DiffView
        unified={query.data.unified}
        fromName={query.data.from.name}
        toName={query.data.to.name}
      />
    );
  }

  return (
    <Modal
      open
      title={t('apps.diff.title')}
      width={1200}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className={styles.diffPickers}>
        <span>{t('apps.diff.from')}</span>
        <Select
          aria-label={t('apps.diff.from')}
          className={styles.filter}
          value={from}
          options={options}
          onChange={setFrom}
        />
        <span>{t('apps.diff.to')}</span>
        <Select
          aria-label={t('apps.diff.to')}
          className={styles.filter}
          value={to}
          options={options}
          onChange={setTo}
        />
        {query.data && !query.data.too_different ? (
          <span className={styles.diffSummary} data-testid="diff-summary">
            {t('apps.diff.summary', {
              additions: query.data.additions,
              deletions: query.data.deletions,
            })}
            {' · '}
            {nameOf(from)} → {nameOf(to)}
          </span>
        ) : null}
      </div>
      {body}
    </Modal>
  );
}
