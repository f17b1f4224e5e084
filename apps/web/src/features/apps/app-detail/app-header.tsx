import { DeleteOutlined } from '@ant-design/icons';
import type { App } from '@meridian/domain/apps/app-api';
import { limits } from '@meridian/domain/limits';
import { App as AntdApp, Button } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { t } from '../apps.texts';
import { RoleGate } from '../../../shared/components/role-gate';
import { notify } from '../../../shared/notifications/notify';
import { useDeleteApp } from '../api/delete-app';
import { useUpdateApp } from '../api/update-app';
import type { AppUpdate } from '../api/update-app';
import { errorDescription } from './action-errors';
import styles from './app-detail.module.css';
import { EditableText } from './editable-text';

interface AppHeaderProps {
  app: Pick<App, 'uuid' | 'name' | 'description'>;
  /** Buttons placed before the delete button (the deployment view's own actions). */
  extraActions?: ReactNode;
}

/** The app's name and description, editable in place, and the delete-app action. */
export function AppHeader({ app, extraActions }: AppHeaderProps) {
  const { modal } = AntdApp.useApp();
  const navigate = useNavigate();
  const updateApp = useUpdateApp();
  const deleteApp = useDeleteApp();

  const save = (change: AppUpdate) =>
    updateApp.mutateAsync({ appId: app.uuid, change }).then(
      () => notify.success(t('apps.detail.app.updated')),
      (error: unknown) => notify.error(t('apps.detail.app.updateFailed'), errorDescription(error)),
    );

  const confirmDelete = () =>
    modal.confirm({
      title: t('apps.detail.app.deleteTitle', { name: app.name }),
      content: t('apps.detail.app.deleteWarning'),
      okText: t('apps.detail.app.deleteOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        deleteApp.mutateAsync(app.uuid).then(
          () => {
            notify.success(t('apps.detail.app.deleted', { name: app.name }));
            void navigate('/home');
          },
          (error: unknown) => {
            notify.error(t('apps.detail.app.deleteFailed'), errorDescription(error));
          },
        ),
    });

  return (
    <header className={styles.header}>
      <div className={styles.headerText}>
        <h1 className={styles.appName}>
          <EditableText
            value={app.name}
            label={t('apps.detail.app.nameLabel')}
            required
            maxLength={limits.nameMaxLength}
            onSave={(name) => save({ name })}
          />
        </h1>
        <div className={styles.appDescription}>
          <EditableText
            value={app.description}
            label={t('apps.detail.app.descriptionLabel')}
            placeholder={t('apps.detail.app.descriptionPlaceholder')}
            onSave={(description) => save({ description })}
          />
        </div>
      </div>
      <div className={styles.headerActions}>
        {extraActions}
        <RoleGate needs="admin">
          {(disabled) => (
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              onClick={confirmDelete}
              disabled={disabled}
            >
              {t('apps.detail.app.delete')}
            </Button>
          )}
        </RoleGate>
      </div>
    </header>
  );
}
