import { dnsMessages, hostPattern } from '@meridian/domain/domains/domain-api';
import { Form, Input, InputNumber } from 'antd';
import type { TableColumnsType } from 'antd';
import { t } from '../domains.texts';
import type { EditorRow } from '../dns-editor.rules';
import { DnsRowActions } from './dns-row-actions';
import { DnsTypeSelect, DnsTypeTag } from './dns-type-cell';
import { MxValueInputs, RecordContentInput } from './dns-value-inputs';
import styles from './domains.module.css';
import type { DnsRecordEditorState } from './use-dns-record-editor';

/** The editor's columns Type, Host, Value, TTL, Actions; the edited row's cells are its inputs. */
export function dnsRecordColumns(editor: DnsRecordEditorState): TableColumnsType<EditorRow> {
  const { isEdited } = editor;
  return [
    {
      title: t('dns.column.type'),
      key: 'type',
      width: 130,
      render: (_value, row) =>
        row.kind === 'new' ? (
          <DnsTypeSelect form={editor.form} />
        ) : (
          <DnsTypeTag row={row} edited={isEdited(row)} />
        ),
    },
    {
      title: t('dns.column.host'),
      key: 'host',
      render: (_value, row) =>
        isEdited(row) ? (
          <Form.Item
            name="host"
            className={styles.cellItem}
            rules={[
              { required: true, whitespace: true, message: dnsMessages.host },
              { pattern: hostPattern, message: dnsMessages.hostPattern },
            ]}
          >
            <Input
              aria-label={t('dns.field.host')}
              placeholder="@"
              suffix={<span className={styles.hostSuffix}>.{editor.domainName}</span>}
            />
          </Form.Item>
        ) : (
          <span className={styles.host} data-testid="dns-host">
            {row.host}
          </span>
        ),
    },
    {
      title: t('dns.column.value'),
      key: 'value',
      render: (_value, row) => {
        if (row.kind === 'subdomain') return '-';
        if (!isEdited(row)) {
          return (
            <span className={styles.value} data-testid="dns-value">
              {row.kind === 'record' ? row.record.content : ''}
            </span>
          );
        }
        if (editor.editedType === 'MX') return <MxValueInputs />;
        return <RecordContentInput type={editor.editedType} />;
      },
    },
    {
      title: t('dns.column.ttl'),
      key: 'ttl',
      width: 130,
      render: (_value, row) => {
        if (row.kind === 'subdomain') return '-';
        if (!isEdited(row)) return row.kind === 'record' ? row.record.ttl : '';
        return (
          <Form.Item
            name="ttl"
            className={styles.cellItem}
            rules={[
              { required: true, message: dnsMessages.ttl },
              { type: 'integer', min: 0, message: dnsMessages.ttl },
            ]}
          >
            <InputNumber aria-label={t('dns.field.ttl')} min={0} precision={0} />
          </Form.Item>
        );
      },
    },
    {
      title: t('dns.column.actions'),
      key: 'actions',
      width: 120,
      render: (_value, row) =>
        row.kind === 'subdomain' ? '-' : <DnsRowActions row={row} editor={editor} />,
    },
  ];
}
