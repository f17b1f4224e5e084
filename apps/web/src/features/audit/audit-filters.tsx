import { Button, Form, Input } from 'antd';
import { noAuditFilters, type AuditFilters } from './api/get-audit';
import { t } from './audit.texts';
import styles from './audit-page.module.css';

/** `datetime-local` values are the browser's local time; the API takes ISO instants. */
function isoOf(local: string | undefined): string {
  if (!local) return '';
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
}

type FormValues = Partial<Record<keyof AuditFilters, string>>;

/** The filter bar: actor, action, target, a time range; applied on Filter or Enter. */
export function AuditFilterBar({ onApply }: { onApply: (filters: AuditFilters) => void }) {
  const [form] = Form.useForm<FormValues>();
  const apply = (values: FormValues) =>
    onApply({
      actor: values.actor?.trim() ?? '',
      action: values.action?.trim() ?? '',
      target: values.target?.trim() ?? '',
      from: isoOf(values.from),
      to: isoOf(values.to),
    });
  const clear = () => {
    form.resetFields();
    onApply(noAuditFilters);
  };
  return (
    <Form
      form={form}
      layout="inline"
      className={styles.filters}
      onFinish={apply}
      aria-label={t('audit.filter.apply')}
    >
      <Form.Item name="actor" label={t('audit.filter.actor')}>
        <Input allowClear maxLength={100} placeholder={t('audit.filter.actorPlaceholder')} />
      </Form.Item>
      <Form.Item name="action" label={t('audit.filter.action')}>
        <Input allowClear maxLength={100} placeholder={t('audit.filter.actionPlaceholder')} />
      </Form.Item>
      <Form.Item name="target" label={t('audit.filter.target')}>
        <Input allowClear maxLength={100} placeholder={t('audit.filter.targetPlaceholder')} />
      </Form.Item>
      <Form.Item name="from" label={t('audit.filter.from')}>
        <Input type="datetime-local" />
      </Form.Item>
      <Form.Item name="to" label={t('audit.filter.to')}>
        <Input type="datetime-local" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          {t('audit.filter.apply')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button onClick={clear}>{t('audit.filter.clear')}</Button>
      </Form.Item>
    </Form>
  );
}
