import {
  CloudUploadOutlined,
  DiffOutlined,
  RollbackOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { App, Version } from '@meridian/domain/apps/app-api';
import { Button } from 'antd';
import { useState } from 'react';
import { RoleGate } from '../../../../shared/components/role-gate';
import { t } from '../../apps.texts';
import { LazyConfigurationDrawer } from '../configuration/lazy-configuration-drawer';
import { versionChangeTargets } from '../live.rules';
import styles from './history.module.css';
import { previousVersion } from './history.rules';
import { LazyVersionDiffModal } from './lazy-version-diff';
import { VersionChangeModal } from './version-change-modal';

interface VersionActionsProps {
  app: App;
  version: Version;
}

/**
 * A version card's Compare (with the version before it), Deploy this version (where an older
 * one runs: the progressive rollout), Roll back to this version (where a newer one runs) and,
 * for a Basic version, Edit configuration.
 */
export function VersionActions({ app, version }: VersionActionsProps) {
  const [comparing, setComparing] = useState(false);
  const [changing, setChanging] = useState<'forward' | 'back' | null>(null);
  // Once opened it stays mounted, so it closes with its animation.
  const [editing, setEditing] = useState<boolean | null>(null);
  const basic = version.template_type === 'KUBERNETES_BASIC';
  const other =
    previousVersion(app, version.uuid) ??
    app.versions.find((candidate) => candidate.uuid !== version.uuid);
  const forward = versionChangeTargets(app, version, 'forward');
  const back = versionChangeTargets(app, version, 'back');
  if (!other && !basic && forward.length === 0 && back.length === 0) return null;

  return (
    // The card opens its drawer on click: its actions must not.
    <div
      className={styles.versionActions}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
    >
      {forward.length > 0 ? (
        <RoleGate needs="developer">
          {(disabled) => (
            <Button
              size="small"
              type="primary"
              icon={<CloudUploadOutlined aria-hidden />}
              onClick={() => setChanging('forward')}
              disabled={disabled}
            >
              {t('apps.deployVersion.action')}
            </Button>
          )}
        </RoleGate>
      ) : null}
      {back.length > 0 ? (
        <RoleGate needs="developer">
          {(disabled) => (
            <Button
              size="small"
              icon={<RollbackOutlined aria-hidden />}
              onClick={() => setChanging('back')}
              disabled={disabled}
            >
              {t('apps.history.rollback')}
            </Button>
          )}
        </RoleGate>
      ) : null}
      {other ? (
        <Button size="small" icon={<DiffOutlined aria-hidden />} onClick={() => setComparing(true)}>
          {t('apps.history.compare')}
        </Button>
      ) : null}
      {basic ? (
        <RoleGate needs="developer">
          {(disabled) => (
            <Button
              size="small"
              icon={<SettingOutlined aria-hidden />}
              onClick={() => setEditing(true)}
              disabled={disabled}
            >
              {t('apps.config.edit')}
            </Button>
          )}
        </RoleGate>
      ) : null}
      {comparing && other ? (
        <LazyVersionDiffModal
          versions={app.versions}
          fromId={other.uuid}
          toId={version.uuid}
          onClose={() => setComparing(false)}
        />
      ) : null}
      {editing !== null ? (
        <LazyConfigurationDrawer
          app={app}
          version={version}
          open={editing}
          onClose={() => setEditing(false)}
        />
      ) : null}
      {changing ? (
        <VersionChangeModal
          version={version}
          targets={changing === 'forward' ? forward : back}
          direction={changing}
          onClose={() => setChanging(null)}
        />
      ) : null}
    </div>
  );
}
