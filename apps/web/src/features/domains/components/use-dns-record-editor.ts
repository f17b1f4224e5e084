import type { Domain } from '@meridian/domain/domains/domain-api';
import type { DnsRecordType } from '@meridian/domain/limits';
import { App as AntdApp, Form } from 'antd';
import { useState } from 'react';
import { t } from '../domains.texts';
import { notify } from '../../../shared/notifications/notify';
import { useDnsRecords } from '../api/get-dns-records';
import { domainNameOf } from '../api/get-domains';
import { useSubdomains } from '../api/get-subdomains';
import { useDnsRecordMutations } from '../api/save-dns-record';
import { clampPage, draftBody, editorRows, newRowKey, startCreating } from '../dns-editor.rules';
import type { EditingState, EditorRow, RecordDraft } from '../dns-editor.rules';
import { domainErrorDescription } from '../domain-errors';

/** What the DNS record editor's table and cells read and call. */
export type DnsRecordEditorState = ReturnType<typeof useDnsRecordEditor>;

/** The DNS record editor's state: its rows, the one row being edited, and saving or deleting it. */
export function useDnsRecordEditor(domain: Domain) {
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

  return {
    form,
    domainName,
    records,
    rows,
    current,
    setPage,
    editing,
    editedType,
    saving,
    isEdited,
    begin,
    onCreate,
    cancel,
    confirm,
    confirmDelete,
  };
}
