import { currentLocale } from '../../shared/i18n/locale';
import { Button, Card, Form, InputNumber, Progress, Select, Space, Statistic } from 'antd';
import { formatCad } from '@meridian/domain/billing/usage-rules';
import { defaultBudgetThresholds } from '@meridian/domain/billing/budget';
import { isApiError } from '../../shared/api/api-error';
import { notify } from '../../shared/notifications/notify';
import { useBudget, useSetBudget } from './api/budget';
import { t } from './billing.texts';

interface BudgetValues {
  monthly_cad: number;
  thresholds: number[];
}

/** The month's budget: spent and forecast against it, its alert thresholds, and a form to set them. */
export function BudgetCard() {
  const budget = useBudget();
  const save = useSetBudget();
  const data = budget.data;
  if (!data) return null;
  const limit = data.monthly_cad;
  const percent = limit ? Math.round((data.spent_cad / limit) * 100) : 0;
  const submit = (values: BudgetValues) =>
    save
      .mutateAsync({ ...values, thresholds: values.thresholds.map(Number).sort((a, b) => a - b) })
      .then(
        () => notify.success(t('billing.budget.saved')),
        (error: unknown) =>
          notify.error(
            t('billing.budget.failed'),
            isApiError(error) && error.errors.length > 0 ? error.errors.join(' ') : String(error),
          ),
      );
  return (
    <Card
      title={t('billing.budget.title')}
      style={{ marginBottom: 24 }}
      aria-label={t('billing.budget.title')}
    >
      <Space size="large" wrap>
        <Statistic
          title={t('billing.budget.budget')}
          value={limit ? `${formatCad(limit, currentLocale())} CAD` : t('billing.budget.none')}
        />
        <Statistic
          title={t('billing.budget.spent')}
          value={`${formatCad(data.spent_cad, currentLocale())} CAD`}
        />
        <Statistic
          title={t('billing.budget.forecast')}
          value={`${formatCad(data.forecast_cad, currentLocale())} CAD`}
        />
        <Statistic
          title={t('billing.budget.thresholds')}
          value={
            (data.thresholds ?? [])
              .map((value) => `${value} %${data.reached.includes(value) ? ' ✓' : ''}`)
              .join(' · ') || '—'
          }
        />
      </Space>
      {limit ? (
        <Progress
          percent={Math.min(percent, 100)}
          status={percent >= 100 ? 'exception' : 'normal'}
          format={() => `${percent} %`}
          aria-label={t('billing.budget.progress')}
        />
      ) : null}
      <Form<BudgetValues>
        layout="inline"
        style={{ marginTop: 16 }}
        initialValues={{
          monthly_cad: limit ?? undefined,
          thresholds: data.thresholds ?? [...defaultBudgetThresholds],
        }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="monthly_cad"
          label={t('billing.budget.amount')}
          rules={[{ required: true }]}
        >
          <InputNumber min={0.01} max={1_000_000} step={10} addonAfter="CAD" />
        </Form.Item>
        <Form.Item
          name="thresholds"
          label={t('billing.budget.thresholds')}
          rules={[{ required: true }]}
        >
          <Select
            mode="tags"
            style={{ minWidth: 200 }}
            options={[50, 80, 100, 120].map((value) => ({ value, label: `${value} %` }))}
            tokenSeparators={[',', ' ']}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('billing.budget.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
