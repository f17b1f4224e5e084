import { CopyOutlined } from '@ant-design/icons';
import { Button, Input, Typography } from 'antd';
import { notify } from '../notifications/notify';
import styles from './copy-field.module.css';

/** The words of one copyable value: each feature says what its value is. */
export interface CopyFieldTexts {
  label: string;
  copy: string;
  copied: string;
  copyFailed: string;
}

/** A read-only value with its Copy button, the whole value in view (`testId` on the field). */
export function CopyField({
  value,
  texts,
  testId,
}: {
  value: string;
  texts: CopyFieldTexts;
  testId: string;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(texts.copied);
    } catch {
      notify.warning(texts.copyFailed);
    }
  };
  return (
    <>
      <Typography.Text strong className={styles.label}>
        {texts.label}
      </Typography.Text>
      <div className={styles.row}>
        <Input
          readOnly
          value={value}
          aria-label={texts.label}
          className={styles.value}
          data-testid={testId}
          onFocus={(event) => event.target.select()}
        />
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          {texts.copy}
        </Button>
      </div>
    </>
  );
}
