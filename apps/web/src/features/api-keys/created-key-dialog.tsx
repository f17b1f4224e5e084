import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Typography } from 'antd';
import { useSelector } from 'react-redux';
import { notify } from '../../shared/notifications/notify';
import { selectUserId } from '../../shared/session/select-user-id';
import { t } from './api-keys.texts';
import styles from './api-keys-page.module.css';

async function copy(text: string, copied: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(copied);
  } catch {
    notify.warning(t('apiKeys.created.copyFailed'));
  }
}

/** A read-only value with its Copy button, the whole value in view. */
function CopyRow({
  label,
  value,
  copyText,
  copied,
  testId,
}: {
  label: string;
  value: string;
  copyText: string;
  copied: string;
  testId: string;
}) {
  return (
    <>
      <Typography.Text strong className={styles.keyLabel}>
        {label}
      </Typography.Text>
      <div className={styles.keyRow}>
        <Input
          readOnly
          value={value}
          aria-label={label}
          className={styles.keyValue}
          data-testid={testId}
          onFocus={(event) => event.target.select()}
        />
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy(value, copied)}>
          {copyText}
        </Button>
      </div>
    </>
  );
}

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
    <Modal
      open={created !== null}
      // The default 520 cuts the key off: the whole mk_ + 43 characters must show beside Copy.
      width={640}
      title={created ? t('apiKeys.created.title', { name: created.name }) : null}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onDone}>
          {t('apiKeys.created.done')}
        </Button>
      }
      destroyOnHidden
    >
      {created ? (
        <div data-testid="api-key-created">
          <Alert type="warning" showIcon title={t('apiKeys.created.notice')} />
          <CopyRow
            label={t('apiKeys.created.keyLabel')}
            value={created.key}
            copyText={t('apiKeys.created.copy')}
            copied={t('apiKeys.created.copied')}
            testId="api-key-value"
          />
          {userId ? (
            <CopyRow
              label={t('apiKeys.created.userIdLabel')}
              value={userId}
              copyText={t('apiKeys.created.copyUserId')}
              copied={t('apiKeys.created.userIdCopied')}
              testId="api-key-user-id"
            />
          ) : null}
          <Typography.Paragraph type="secondary" className={styles.usage}>
            {t('apiKeys.created.usage')}
          </Typography.Paragraph>
        </div>
      ) : null}
    </Modal>
  );
}
