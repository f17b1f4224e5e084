import { PlusOutlined } from '@ant-design/icons';
import type { Domain } from '@meridian/domain/domains/domain-api';
import { Alert, Button, Form, Table, Tooltip } from 'antd';
import { RoleGate } from '../../../shared/components/role-gate';
import { t } from '../domains.texts';
import { dnsPageSize } from '../dns-editor.rules';
import type { EditorRow } from '../dns-editor.rules';
import { dnsRecordColumns } from './dns-record-columns';
import styles from './domains.module.css';
import { useDnsRecordEditor } from './use-dns-record-editor';

/** The DNS record editor of a domain (spec "DNS record editor", "States and transitions" "DNS row", "Validation rules" "DNS record"). */
export function DnsRecordEditor({ domain }: { domain: Domain }) {
  const editor = useDnsRecordEditor(domain);
  const { form, records, rows, editing, isEdited, confirm, cancel } = editor;

  return (
    <section aria-label={t('dns.title')} data-testid="dns-editor">
      <div className={styles.editorBar}>
        <h3 className={styles.editorTitle}>{t('dns.title')}</h3>
        <RoleGate needs="developer">
          {(refused) => (
            <Tooltip title={editing ? t('dns.oneAtATime') : undefined}>
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden />}
                onClick={editor.onCreate}
                disabled={refused || editing !== null}
              >
                {t('dns.create')}
              </Button>
            </Tooltip>
          )}
        </RoleGate>
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
          columns={dnsRecordColumns(editor)}
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
            current: editor.current,
            onChange: editor.setPage,
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
