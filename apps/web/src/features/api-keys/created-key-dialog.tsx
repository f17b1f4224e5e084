import { Typography } from 'antd';
import { useSelector } from 'react-redux';
import { CopyField } from '../../shared/components/copy-field';
import { SecretDialog } from '../../shared/components/secret-dialog';
import { selectUserId } from '../../shared/session/select-user-id';
import { t } from './api-keys.texts';
import styles from './api-keys-page.module.css';

/**
 * A new key, shown once, with the user id every call sends beside it (spec "CI/CD examples":
 * an ApiKey authorization header and an x-user-id header).
 */
export function CreatedKeyDialog({
  created,
  onDone,
}: {
  created: { name: string; key: string } | null;
  onDone: () => void;
}) {
  const userId = useSelector(selectUserId);
  return (
    <SecretDialog
      value={created?.key ?? null}
      title={created ? t('apiKeys.created.title', { name: created.name }) : null}
      texts={{
        notice: t('apiKeys.created.notice'),
        label: t('apiKeys.created.keyLabel'),
        copy: t('apiKeys.created.copy'),
        copied: t('apiKeys.created.copied'),
        copyFailed: t('apiKeys.created.copyFailed'),
        done: t('apiKeys.created.done'),
      }}
      onDone={onDone}
      testId="api-key"
    >
      {userId ? (
        <CopyField
          value={userId}
          texts={{
            label: t('apiKeys.created.userIdLabel'),
            copy: t('apiKeys.created.copyUserId'),
            copied: t('apiKeys.created.userIdCopied'),
            copyFailed: t('apiKeys.created.copyFailed'),
          }}
          testId="api-key-user-id"
        />
      ) : null}
      <Typography.Paragraph type="secondary" className={styles.usage}>
        {t('apiKeys.created.usage')}
      </Typography.Paragraph>
    </SecretDialog>
  );
}
