import { Typography } from 'antd';
import { t } from '../i18n/translate';

/** A drawer's body until its form lands: what it is for, and that the form is coming. */
export function ComingSoon({ intro, note }: { intro: string; note?: string }) {
  return (
    <div>
      <Typography.Paragraph>{intro}</Typography.Paragraph>
      {note ? <Typography.Paragraph type="secondary">{note}</Typography.Paragraph> : null}
      <Typography.Paragraph type="secondary">{t('create.soon')}</Typography.Paragraph>
    </div>
  );
}
