import { validationText } from '../../../shared/i18n/translate';
import {
  checkRecordContent,
  dnsMessages,
  domainNamePattern,
} from '@meridian/domain/domains/domain-api';
import type { DnsRecordType } from '@meridian/domain/limits';
import { Form, Input, InputNumber, Space } from 'antd';
import { t } from '../domains.texts';
import styles from './domains.module.css';

/** An MX record's value, kept as its priority and its mail host (spec "Validation rules" "DNS record"). */
export function MxValueInputs() {
  return (
    <Space.Compact className={styles.mx}>
      <Form.Item
        name="mxPriority"
        className={styles.cellItem}
        rules={[
          { required: true, message: dnsMessages.mxPriority },
          { type: 'integer', min: 0, message: dnsMessages.mxPriority },
        ]}
      >
        <InputNumber
          aria-label={t('dns.field.priority')}
          placeholder={t('dns.field.priority')}
          min={0}
          precision={0}
          className={styles.priority}
        />
      </Form.Item>
      <Form.Item
        name="mxHost"
        className={styles.cellItem}
        rules={[
          { required: true, whitespace: true, message: validationText('required') },
          {
            validator: (_rule, value: string | undefined) =>
              !value || domainNamePattern.test(value.trim().replace(/\.$/, ''))
                ? Promise.resolve()
                : Promise.reject(new Error(validationText('domain'))),
          },
        ]}
      >
        <Input aria-label={t('dns.field.mxHost')} placeholder="mail.example.ca" />
      </Form.Item>
    </Space.Compact>
  );
}

/** Any other record's value, checked as typed against the rules of its type. */
export function RecordContentInput({ type }: { type: DnsRecordType | undefined }) {
  return (
    <Form.Item
      name="content"
      className={styles.cellItem}
      rules={[
        { required: true, whitespace: true, message: validationText('required') },
        {
          validator: (_rule, value: string | undefined) => {
            if (!value?.trim() || !type) return Promise.resolve();
            const checked = checkRecordContent(type, value);
            return checked.ok
              ? Promise.resolve()
              : Promise.reject(new Error(checked.errors.join(' ')));
          },
        },
      ]}
    >
      <Input aria-label={t('dns.field.value')} placeholder={valuePlaceholder(type)} />
    </Form.Item>
  );
}

function valuePlaceholder(type: DnsRecordType | undefined): string {
  switch (type) {
    case 'A':
      return '203.0.113.10';
    case 'AAAA':
      return '2001:db8::1';
    case 'CNAME':
    case 'NS':
      return 'target.example.ca';
    case 'TXT':
      return 'v=spf1 -all';
    default:
      return '';
  }
}
