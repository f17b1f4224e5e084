import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import { downloadTextFile } from '../../shared/lib/download-file';
import { notify } from '../../shared/notifications/notify';
import { t } from './account-security.texts';

/** The ten recovery codes, shown once, with Copy and Download. */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(t('security.recovery.copied'));
    } catch {
      notify.warning(t('security.copyFailed'));
    }
  };
  return (
    <div data-testid="recovery-codes">
      <Typography.Title level={5}>{t('security.recovery.title')}</Typography.Title>
      <Alert type="warning" showIcon title={t('security.recovery.notice')} />
      <ol style={{ columns: 2, fontFamily: 'monospace', margin: '16px 0', paddingInlineStart: 24 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Space wrap>
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          {t('security.recovery.copy')}
        </Button>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          onClick={() => downloadTextFile('meridian-recovery-codes.txt', text)}
        >
          {t('security.recovery.download')}
        </Button>
        <Button type="primary" onClick={onDone}>
          {t('security.recovery.done')}
        </Button>
      </Space>
    </div>
  );
}
