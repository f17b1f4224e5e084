import {
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { Domain } from '@meridian/domain/domains/domain-api';
import {
  checkRecordContent,
  dnsMessages,
  domainNamePattern,
  hostPattern,
} from '@meridian/domain/domains/domain-api';
import type { DnsRecordType } from '@meridian/domain/limits';
import { validationMessages } from '@meridian/domain/validation-messages';
import {
  Alert,
  App as AntdApp,
  Button,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { t } from '../domains.texts';
import { notify } from '../../../shared/notifications/notify';
import { useDnsRecords } from '../api/get-dns-records';
import { domainNameOf } from '../api/get-domains';
import { useSubdomains } from '../api/get-subdomains';
import { useDnsRecordMutations } from '../api/save-dns-record';
import {
  clampPage,
  dnsPageSize,
  dnsTypes,
  draftBody,
  editorRows,
  newRowKey,
  startCreating,
  startEditing,
} from '../dns-editor.rules';
import type { EditingState, EditorRow, RecordDraft } from '../dns-editor.rules';
import { domainErrorDescription } from '../domain-errors';
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

/** The DNS record editor of a domain (spec "DNS record editor", "States and transitions" "DNS row", "Validation rules" "DNS record"). */
export function DnsRecordEditor({ domain }: { domain: Domain }) {
  const { modal } = AntdApp.useApp();
  const domainName = domainNameOf(domain);
  const records = useDnsRecords(domain.uuid);
  const subdomains = useSubdomains(domain.uuid);
  const { create, update, remove } = useDnsRecordMutations(domain.uuid);
  const [form] = Form.useForm<RecordDraft>();
  const [editing, setEditing] = useState<EditingState | null>(null);
  const [page, setPage] = useState(1);
  const watchedType = Form.useWatch('type', form) as DnsRecordType | undefined;
  const saving = create.isPending || update.isPending;

  const rows = editorRows(records.data ?? [], subdomains.data ?? [], domainName, editing);
  const current = clampPage(page, rows.length);
  const editedType: DnsRecordType | undefined =
    editing?.key === newRowKey ? (watchedType ?? editing.draft.type) : editing?.draft.type;

  const begin = (next: EditingState | null) => {
    if (!next) return;
    form.resetFields();
    form.setFieldsValue(next.draft);
    setEditing(next);
  };
  const onCreate = () => {
    const next = startCreating(editing);
    if (!next) return;
    begin(next);
    setPage(1);
  };
  const cancel = () => {
    form.resetFields();
    setEditing(null);
  };

  const confirm = async () => {
    if (!editing) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const draft: RecordDraft = { ...editing.draft, ...form.getFieldsValue(true) };
    const checked = draftBody(draft, domainName);
    if (!checked.ok) {
      const field = draft.type === 'MX' ? 'mxHost' : 'content';
      form.setFields([{ name: field, errors: checked.errors }]);
      return;
    }
    if (editing.key === newRowKey) {
      await create.mutateAsync({ domain_uuid: domain.uuid, ...checked.body }).then(
        () => {
          notify.success(t('dns.created'));
          cancel();
        },
        (error: unknown) => notify.error(t('dns.createFailed'), domainErrorDescription(error)),
      );
    } else {
      const { domain: name, ttl, content } = checked.body;
      await update.mutateAsync({ id: editing.key, body: { domain: name, ttl, content } }).then(
        () => {
          notify.success(t('dns.updated'));
          cancel();
        },
        (error: unknown) => notify.error(t('dns.updateFailed'), domainErrorDescription(error)),
      );
    }
  };

  const confirmDelete = (row: EditorRow & { kind: 'record' }) =>
    modal.confirm({
      title: t('dns.delete.title', { type: row.type, host: row.host }),
      content: t('dns.delete.body'),
      okText: t('dns.delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(row.record.uuid).then(
          () => notify.success(t('dns.deleted')),
          (error: unknown) => notify.error(t('dns.deleteFailed'), domainErrorDescription(error)),
        ),
    });

  const isEdited = (row: EditorRow) => editing !== null && row.key === editing.key;

  const columns: TableColumnsType<EditorRow> = [
    {
      title: t('dns.column.type'),
      key: 'type',
      width: 130,
      render: (_value, row) => {
        if (row.kind === 'new') {
          return (
            <Form.Item
              name="type"
              className={styles.cellItem}
              rules={[{ required: true, message: validationMessages.required }]}
            >
              <Select
                aria-label={t('dns.field.type')}
                options={dnsTypes.map((type) => ({ value: type, label: type }))}
                onChange={() => form.setFields([{ name: 'content', errors: [] }])}
              />
            </Form.Item>
          );
        }
        const tag = (
          <Tag color={typeColors[row.type]} data-testid="dns-type">
            {row.kind === 'subdomain' ? t('dns.subdomain') : row.type}
          </Tag>
        );
        return isEdited(row) ? <Tooltip title={dnsMessages.typeFixed}>{tag}</Tooltip> : tag;
      },
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
              suffix={<span className={styles.hostSuffix}>.{domainName}</span>}
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
        if (editedType === 'MX') {
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
                  { required: true, whitespace: true, message: validationMessages.required },
                  {
                    validator: (_rule, value: string | undefined) =>
                      !value || domainNamePattern.test(value.trim().replace(/\.$/, ''))
                        ? Promise.resolve()
                        : Promise.reject(new Error(validationMessages.domain)),
                  },
                ]}
              >
                <Input aria-label={t('dns.field.mxHost')} placeholder="mail.example.ca" />
              </Form.Item>
            </Space.Compact>
          );
        }
        return (
          <Form.Item
            name="content"
            className={styles.cellItem}
            rules={[
              { required: true, whitespace: true, message: validationMessages.required },
              {
                validator: (_rule, value: string | undefined) => {
                  if (!value?.trim() || !editedType) return Promise.resolve();
                  const checked = checkRecordContent(editedType, value);
                  return checked.ok
                    ? Promise.resolve()
                    : Promise.reject(new Error(checked.errors.join(' ')));
                },
              },
            ]}
          >
            <Input aria-label={t('dns.field.value')} placeholder={valuePlaceholder(editedType)} />
          </Form.Item>
        );
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
      render: (_value, row) => {
        if (row.kind === 'subdomain') return '-';
        if (isEdited(row)) {
          return (
            <Space size={4}>
              <Tooltip title={t('dns.action.confirm')}>
                <Button
                  type="primary"
                  size="small"
                  icon={<CheckOutlined aria-hidden />}
                  aria-label={t('dns.action.confirm')}
                  loading={saving}
                  onClick={() => void confirm()}
                />
              </Tooltip>
              <Tooltip title={t('dns.action.cancel')}>
                <Button
                  size="small"
                  icon={<CloseOutlined aria-hidden />}
                  aria-label={t('dns.action.cancel')}
                  disabled={saving}
                  onClick={cancel}
                />
              </Tooltip>
            </Space>
          );
        }
        const busy = editing !== null;
        return (
          <Space size={4}>
            <Tooltip title={busy ? t('dns.oneAtATime') : t('dns.action.edit')}>
              <Button
                size="small"
                type="text"
                icon={<EditOutlined aria-hidden />}
                aria-label={t('dns.action.editRow', { host: row.host, type: row.type })}
                disabled={busy}
                onClick={() => begin(startEditing(editing, row))}
              />
            </Tooltip>
            <Tooltip title={t('dns.action.delete')}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('dns.action.deleteRow', { host: row.host, type: row.type })}
                disabled={busy}
                onClick={() => row.kind === 'record' && confirmDelete(row)}
              />
            </Tooltip>
          </Space>
        );
      },
    },
  ];

  return (
    <section aria-label={t('dns.title')} data-testid="dns-editor">
      <div className={styles.editorBar}>
        <h3 className={styles.editorTitle}>{t('dns.title')}</h3>
        <Tooltip title={editing ? t('dns.oneAtATime') : undefined}>
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={onCreate}
            disabled={editing !== null}
          >
            {t('dns.create')}
          </Button>
        </Tooltip>
      </div>
      {records.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('dns.fetchFailed')}
          description={t('domains.tryAgain')}
          className={styles.editorAlert}
        />
      ) : null}
      <Form form={form} component={false} onFinish={() => void confirm()}>
        <Table<EditorRow>
          size="middle"
          rowKey="key"
          columns={columns}
          dataSource={rows}
          loading={records.isPending}
          locale={{ emptyText: t('dns.empty') }}
          rowClassName={(row) => (isEdited(row) ? (styles.editedRow ?? '') : '')}
          onRow={(row) => ({
            'data-testid': 'dns-row',
            'data-kind': row.kind,
            onKeyDown: (event) => {
              if (!isEdited(row)) return;
              if (event.key === 'Enter') {
                event.preventDefault();
                void confirm();
              } else if (event.key === 'Escape') {
                event.stopPropagation();
                cancel();
              }
            },
          })}
          pagination={{
            pageSize: dnsPageSize,
            current,
            onChange: setPage,
            showSizeChanger: false,
            // The unsaved row is not one of the domain's records yet.
            showTotal: () => t('dns.total', { count: savedRowCount(rows) }),
          }}
        />
      </Form>
    </section>
  );
}

function savedRowCount(rows: readonly { kind: string }[]): number {
  return rows.filter((row) => row.kind !== 'new').length;
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
