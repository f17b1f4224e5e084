import { Alert, Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import { CopyField, type CopyFieldTexts } from './copy-field';
import styles from './copy-field.module.css';

/** The words of one secret's dialog: each feature says what its secret is. */
export interface SecretDialogTexts extends CopyFieldTexts {
  /** Save it now: it is not shown again. */
  notice: string;
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
          <CopyField value={value} texts={texts} testId={`${testId}-value`} />
          {children ? <div className={styles.usage}>{children}</div> : null}
        </div>
      ) : null}
    </Modal>
  );
}
