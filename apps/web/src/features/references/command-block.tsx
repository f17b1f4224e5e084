import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { notify } from '../../shared/notifications/notify';
import { t } from './references.texts';
import styles from './cluster-integration-page.module.css';

async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(t('references.clusterIntegration.copied'));
  } catch {
    notify.warning(t('references.clusterIntegration.copyFailed'));
  }
}

/** One example command, as code, with a button that copies it. */
export function CommandBlock({
  command,
  testId,
  label,
}: {
  command: string;
  testId: string;
  label: string;
}) {
  return (
    <div className={styles.command}>
      <pre className={styles.code} data-testid={testId} aria-label={label}>
        <code>{command}</code>
      </pre>
      <Button
        className={styles.copy}
        size="small"
        icon={<CopyOutlined aria-hidden />}
        aria-label={t('references.clusterIntegration.copyCommand', { example: label })}
        onClick={() => void copyText(command)}
      >
        {t('references.clusterIntegration.copy')}
      </Button>
    </div>
  );
}
