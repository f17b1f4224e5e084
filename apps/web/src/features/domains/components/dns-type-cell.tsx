import { validationText } from '../../../shared/i18n/translate';
import { dnsMessages } from '@meridian/domain/domains/domain-api';
import type { DnsRecordType } from '@meridian/domain/limits';
import { Form, Select, Tag, Tooltip } from 'antd';
import type { FormInstance } from 'antd';
import { t } from '../domains.texts';
import { dnsTypes } from '../dns-editor.rules';
import type { EditorRow, RecordDraft } from '../dns-editor.rules';
import styles from './domains.module.css';

const typeColors: Record<DnsRecordType | 'Subdomain', string> = {
  A: 'blue',
  AAAA: 'geekblue',
  CNAME: 'purple',
  MX: 'magenta',
  NS: 'cyan',
  TXT: 'default',
  Subdomain: 'green',
};

/** The type of the row being created: chosen here, and fixed once the record exists. */
export function DnsTypeSelect({ form }: { form: FormInstance<RecordDraft> }) {
  return (
    <Form.Item
      name="type"
      className={styles.cellItem}
      rules={[{ required: true, message: validationText('required') }]}
    >
      <Select
        aria-label={t('dns.field.type')}
        options={dnsTypes.map((type) => ({ value: type, label: type }))}
        onChange={() => form.setFields([{ name: 'content', errors: [] }])}
      />
    </Form.Item>
  );
}

/** A saved row's type as a coloured tag; while the row is edited it says the type is fixed. */
export function DnsTypeTag({ row, edited }: { row: EditorRow; edited: boolean }) {
  const tag = (
    <Tag color={typeColors[row.type]} data-testid="dns-type">
      {row.kind === 'subdomain' ? t('dns.subdomain') : row.type}
    </Tag>
  );
  return edited ? <Tooltip title={dnsMessages.typeFixed}>{tag}</Tooltip> : tag;
}
