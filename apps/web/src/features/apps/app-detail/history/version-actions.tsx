import { DiffOutlined, RollbackOutlined } from '@ant-design/icons';
import type { App, Version } from '@meridian/domain/apps/app-api';
import { Button } from 'antd';
import { useState } from 'react';
import { t } from '../../apps.texts';
import styles from './history.module.css';
import { previousVersion, rollbackTargets } from './history.rules';
import { LazyVersionDiffModal } from './lazy-version-diff';
import { RollbackModal } from './rollback-modal';

interface VersionActionsProps {
  app: App;
  version: Version;
}

/** A version card's Compare (with the version before it) and Roll back actions. */
export function VersionActions({ app, version }: VersionActionsProps) {
  const [comparing, setComparing] = useState(false);
  const [rollingBack, setRollingBack] = useState(false);
  const other =
    previousVersion(app, version.uuid) ??
    app.versions.find((candidate) => candidate.uuid !== version.uuid);
  const targets = rollbackTargets(app, version);
  if (!other && targets.length === 0) return null;

  return (
    // The card opens its drawer on click: its actions must not.
    <div
      className={styles.versionActions}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
    >
      {other ? (
        <Button size="small" icon={<DiffOutlined aria-hidden />} onClick={() => setComparing(true)}>
          {t('apps.history.compare')}
        </Button>
      ) : null}
      {targets.length > 0 ? (
        <Button
          size="small"
          icon={<RollbackOutlined aria-hidden />}
          onClick={() => setRollingBack(true)}
        >
          {t('apps.history.rollback')}
        </Button>
      ) : null}
      {comparing && other ? (
        <LazyVersionDiffModal
          versions={app.versions}
          fromId={other.uuid}
          toId={version.uuid}
          onClose={() => setComparing(false)}
        />
      ) : null}
      {rollingBack ? (
        <RollbackModal version={version} targets={targets} onClose={() => setRollingBack(false)} />
      ) : null}
    </div>
  );
}
