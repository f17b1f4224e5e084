import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useActingRole } from '../../../shared/session/acting-role';
import { t } from '../domains.texts';
import { startEditing } from '../dns-editor.rules';
import type { EditorRow } from '../dns-editor.rules';
import type { DnsRecordEditorState } from './use-dns-record-editor';

interface DnsRowActionsProps {
  row: Exclude<EditorRow, { kind: 'subdomain' }>;
  editor: DnsRecordEditorState;
}

/** A row's actions (spec "DNS record editor"): confirm and cancel while edited, else edit and delete. */
export function DnsRowActions({ row, editor }: DnsRowActionsProps) {
  const { editing, saving } = editor;
  const refusal = useActingRole().refusal('developer');
  if (editor.isEdited(row)) {
    return (
      <Space size={4}>
        <Tooltip title={t('dns.action.confirm')}>
          <Button
            type="primary"
            size="small"
            icon={<CheckOutlined aria-hidden />}
            aria-label={t('dns.action.confirm')}
            loading={saving}
            onClick={() => void editor.confirm()}
          />
        </Tooltip>
        <Tooltip title={t('dns.action.cancel')}>
          <Button
            size="small"
            icon={<CloseOutlined aria-hidden />}
            aria-label={t('dns.action.cancel')}
            disabled={saving}
            onClick={editor.cancel}
          />
        </Tooltip>
      </Space>
    );
  }
  const busy = editing !== null || refusal !== undefined;
  const why = (allowed: string) => refusal ?? (editing !== null ? t('dns.oneAtATime') : allowed);
  return (
    <Space size={4}>
      <Tooltip title={why(t('dns.action.edit'))}>
        <Button
          size="small"
          type="text"
          icon={<EditOutlined aria-hidden />}
          aria-label={t('dns.action.editRow', { host: row.host, type: row.type })}
          disabled={busy}
          onClick={() => editor.begin(startEditing(editing, row))}
        />
      </Tooltip>
      <Tooltip title={why(t('dns.action.delete'))}>
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('dns.action.deleteRow', { host: row.host, type: row.type })}
          disabled={busy}
          onClick={() => row.kind === 'record' && editor.confirmDelete(row)}
        />
      </Tooltip>
    </Space>
  );
}
