import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { notify } from '../notifications/notify';
import styles from './secret-dialog.module.css';

/** The words of one secret's dialog: each feature says what its secret is. */
export interface SecretDialogTexts {
  /** Save it now: it is not shown again. */
  notice: string;
  label: string;
  copy: string;
  copied: string;
  copyFailed: string;
  done: string;
}

interface SecretDialogProps {
  /** The secret to show; null closes the dialog. */
  value: string | null;
  title: ReactNode;
  texts: SecretDialogTexts;
  onDone: () => void;
  /** `<testId>-created` on the content, `<testId>-value` on the field. */
  testId: string;
  /** What to do with it, under the field. */
  children?: ReactNode;
}

/**
 * A secret shown once (an API key, a monitoring password): a read-only field with a copy
 * button, closed only by saying it was saved, so a stray click cannot lose it.
 */
export function SecretDialog({ value, title, texts, onDone, testId, children }: SecretDialogProps) {
  const copy = async () => {
    if (value === null) return;
    try {
      await navigator.clipboard.writeText(value);
      notify.success(texts.copied);
    } catch {
      notify.warning(texts.copyFailed);
    }
  };

  return (
    <Modal
      open={value !== null}
      // The default 520 cuts a long secret off: the whole value must show beside Copy.
      width={640}
      title={title}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onDone}>
          {texts.done}
        </Button>
      }
      destroyOnHidden
    >
      {value !== null ? (
        <div data-testid={`${testId}-created`}>
          <Alert type="warning" showIcon title={texts.notice} />
          <Typography.Text strong className={styles.label}>
            {texts.label}
          </Typography.Text>
          <div className={styles.row}>
            <Input
              readOnly
              value={value}
              aria-label={texts.label}
              className={styles.value}
              data-testid={`${testId}-value`}
              onFocus={(event) => event.target.select()}
            />
            <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
              {texts.copy}
            </Button>
          </div>
          {children ? <div className={styles.usage}>{children}</div> : null}
        </div>
      ) : null}
    </Modal>
  );
}
