import type { Domain } from '@meridian/domain/domains/domain-api';
import type { ZoneImportBody } from '@meridian/domain/domains/zone-api';
import { Alert, Button, Input, Modal, Radio, Typography, Upload } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { notify } from '../../../shared/notifications/notify';
import { domainNameOf } from '../api/get-domains';
import { useImportZone } from '../api/zone-file';
import { serverMessage } from '../domain-errors';
import { t } from '../domains.texts';

/** The import dialog: a file or pasted text, merge or replace, and the refused lines listed. */
export function ZoneImportModal({ domain, onClose }: { domain: Domain; onClose: () => void }) {
  const [text, setText] = useState('');
  const [mode, setMode] = useState<ZoneImportBody['mode']>('merge');
  const [errors, setErrors] = useState<string[]>([]);
  const importZone = useImportZone(domain.uuid);

  const submit = () => {
    if (!text.trim()) {
      setErrors([t('zone.import.empty')]);
      return;
    }
    importZone.mutate(
      { text, mode },
      {
        onSuccess: (result) => {
          notify.success(t('zone.imported', { ...result }));
          onClose();
        },
        onError: (error) =>
          setErrors(
            isApiError(error) && error.errors.length > 0 ? error.errors : [serverMessage(error)],
          ),
      },
    );
  };

  return (
    <Modal
      open
      title={t('zone.import.title', { name: domainNameOf(domain) })}
      onCancel={onClose}
      okText={t('zone.import.ok')}
      onOk={submit}
      confirmLoading={importZone.isPending}
      width={720}
      data-testid="zone-import"
    >
      <Typography.Paragraph type="secondary">{t('zone.import.intro')}</Typography.Paragraph>
      <Upload
        accept=".zone,.txt,.db,text/plain,text/dns"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          // Read here and sent as text: the same JSON call as a paste.
          void file.text().then(setText);
          return false;
        }}
      >
        <Button>{t('zone.import.file')}</Button>
      </Upload>
      <Input.TextArea
        aria-label={t('zone.import.text')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoSize={{ minRows: 8, maxRows: 16 }}
        spellCheck={false}
        style={{ fontFamily: 'monospace', marginTop: 12 }}
      />
      <Radio.Group
        aria-label={t('zone.import.mode')}
        value={mode}
        onChange={(event) => setMode(event.target.value as ZoneImportBody['mode'])}
        style={{ marginTop: 12 }}
        options={[
          { value: 'merge', label: t('zone.import.merge') },
          { value: 'replace', label: t('zone.import.replace') },
        ]}
      />
      {errors.length > 0 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title={t('zone.import.failed')}
          data-testid="zone-import-errors"
          description={
            <ul>
              {errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          }
        />
      ) : null}
    </Modal>
  );
}
