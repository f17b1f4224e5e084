import {
  channelEvents,
  type ChannelDelivery,
  type ChannelEvent,
  type NotificationChannel,
} from '@meridian/domain/events/notification-channel';
import {
  Alert,
  Button,
  Checkbox,
  Form,
  Input,
  Modal,
  Radio,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { isApiError } from '../../shared/api/api-error';
import { EmptyState } from '../../shared/components/empty-state';
import { PageHeader } from '../../shared/components/page-header';
import { formatDateTime } from '../../shared/lib/format-date';
import { notify } from '../../shared/notifications/notify';
import {
  useChannels,
  useCreateChannel,
  useDeleteChannel,
  useDeliveries,
  useTestChannel,
  useUpdateChannel,
} from './api/channels';
import { t } from './notification-channels.texts';

interface AddValues {
  type: 'webhook' | 'email';
  destination: string;
  events: ChannelEvent[];
}

function failure(error: unknown): string {
  if (isApiError(error) && error.errors.length > 0) return error.errors.join(' ');
  return isApiError(error) ? error.message : String(error);
}

const statusColours = { pending: 'processing', delivered: 'success', failed: 'error' } as const;

function DeliveriesTable({ channelId }: { channelId: string }) {
  const deliveries = useDeliveries(channelId);
  const columns: ColumnsType<ChannelDelivery> = [
    { title: t('channels.delivery.event'), dataIndex: 'event', key: 'event' },
    { title: t('channels.delivery.attempt'), dataIndex: 'attempt', key: 'attempt' },
    {
      title: t('channels.delivery.status'),
      key: 'status',
      render: (_v, row) => <Tag color={statusColours[row.status]}>{row.status}</Tag>,
    },
    {
      title: t('channels.delivery.result'),
      key: 'result',
      render: (_v, row) => row.error ?? (row.response_code ? `HTTP ${row.response_code}` : '—'),
    },
    {
      title: t('channels.delivery.at'),
      key: 'at',
      render: (_v, row) => formatDateTime(row.finished_at ?? row.created_at),
    },
  ];
  return (
    <Table<ChannelDelivery>
      size="small"
      rowKey="uuid"
      columns={columns}
      dataSource={deliveries.data ?? []}
      loading={deliveries.isPending}
      pagination={false}
      locale={{ emptyText: t('channels.delivery.none') }}
      aria-label={t('channels.deliveries')}
    />
  );
}

/** Adds a channel, or changes one's destination and events (`editing`; its type stays). */
function ChannelDialog({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: NotificationChannel | null;
  onClose: (secret?: string) => void;
}) {
  const [form] = Form.useForm<AddValues>();
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const type = Form.useWatch('type', form) ?? editing?.type ?? 'webhook';
  const submit = async (values: AddValues) => {
    const destination =
      values.type === 'webhook' ? { url: values.destination } : { address: values.destination };
    try {
      if (editing) {
        await update.mutateAsync({
          id: editing.uuid,
          body: { ...destination, events: values.events },
        });
        notify.success(t('channels.saved'));
        onClose();
        return;
      }
      const created = await create.mutateAsync({
        type: values.type,
        ...destination,
        events: values.events,
      });
      form.resetFields();
      onClose(created.signing_secret);
    } catch (error) {
      notify.error(t('channels.failed'), failure(error));
    }
  };
  const initialValues: AddValues = editing
    ? {
        type: editing.type,
        destination: editing.url ?? editing.address ?? '',
        events: editing.events,
      }
    : { type: 'webhook', destination: '', events: ['deployment_failed', 'rollout_halted'] };
  return (
    <Modal
      open={open}
      title={editing ? t('channels.form.editTitle') : t('channels.form.title')}
      okText={editing ? t('channels.form.save') : t('channels.form.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={() => onClose()}
      destroyOnHidden
    >
      <Form<AddValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        preserve={false}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="type" label={t('channels.form.type')}>
          <Radio.Group disabled={editing !== null}>
            <Radio.Button value="webhook">{t('channels.type.webhook')}</Radio.Button>
            <Radio.Button value="email">{t('channels.type.email')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="destination"
          label={type === 'webhook' ? t('channels.form.url') : t('channels.form.address')}
          rules={[{ required: true }]}
        >
          <Input
            placeholder={type === 'webhook' ? 'https://hooks.slack.com/…' : 'ops@example.com'}
          />
        </Form.Item>
        {/* A rule, not `required`: antd would put aria-required on the group, which no checkbox
            group role allows (axe aria-allowed-attr). */}
        <Form.Item
          name="events"
          label={t('channels.form.events')}
          rules={[{ type: 'array', min: 1, message: t('channels.form.eventsNeeded') }]}
        >
          <Checkbox.Group
            options={channelEvents.map((event) => ({
              value: event,
              label: t(`channels.event.${event}`),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /notification-channels: webhooks and e-mail addresses alerts are sent to, with their deliveries. */
export function NotificationChannelsPage() {
  const channels = useChannels();
  const remove = useDeleteChannel();
  const test = useTestChannel();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<NotificationChannel | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  const columns: ColumnsType<NotificationChannel> = [
    {
      title: t('channels.column.destination'),
      key: 'destination',
      // One line: a long URL is cut with its whole text in a tooltip, never broken mid-host.
      render: (_v, row) => (
        <Typography.Text
          code
          ellipsis={{ tooltip: row.url ?? row.address }}
          style={{ maxWidth: 280 }}
        >
          {row.url ?? row.address}
        </Typography.Text>
      ),
    },
    {
      title: t('channels.column.type'),
      key: 'type',
      render: (_v, row) => t(`channels.type.${row.type}`),
    },
    {
      title: t('channels.column.events'),
      key: 'events',
      render: (_v, row) =>
        row.events.map((event) => <Tag key={event}>{t(`channels.event.${event}`)}</Tag>),
    },
    {
      title: t('channels.column.actions'),
      key: 'actions',
      align: 'right',
      render: (_v, row) => (
        <Space>
          <Button
            onClick={() => {
              setSelected(row.uuid);
              test.mutateAsync(row.uuid).then(
                () => notify.success(t('channels.tested')),
                (error: unknown) => notify.error(t('channels.failed'), failure(error)),
              );
            }}
          >
            {t('channels.test')}
          </Button>
          <Button onClick={() => setSelected(row.uuid)}>{t('channels.deliveries')}</Button>
          <Button onClick={() => setEditing(row)}>{t('channels.edit')}</Button>
          <Button
            danger
            type="text"
            onClick={() =>
              void remove.mutateAsync(row.uuid).then(() => notify.success(t('channels.deleted')))
            }
          >
            {t('channels.delete')}
          </Button>
        </Space>
      ),
    },
  ];
  const list = channels.data ?? [];
  return (
    <>
      <PageHeader
        title={t('channels.title')}
        description={t('channels.intro')}
        actions={
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('channels.add')}
          </Button>
        }
      />
      {!channels.isPending && list.length === 0 ? (
        <EmptyState title={t('channels.empty')} hint={t('channels.emptyHint')} />
      ) : (
        <Table<NotificationChannel>
          rowKey="uuid"
          columns={columns}
          dataSource={list}
          loading={channels.isPending}
          pagination={false}
          aria-label={t('channels.title')}
        />
      )}
      {selected && list.some((channel) => channel.uuid === selected) ? (
        <section aria-label={t('channels.deliveries')} style={{ marginTop: 24 }}>
          <Typography.Title level={4}>{t('channels.deliveries')}</Typography.Title>
          <DeliveriesTable channelId={selected} />
        </section>
      ) : null}
      <ChannelDialog
        key={editing?.uuid ?? 'new'}
        open={adding || editing !== null}
        editing={editing}
        onClose={(created) => {
          setAdding(false);
          setEditing(null);
          if (created) setSecret(created);
        }}
      />
      <Modal
        open={secret !== null}
        title={t('channels.secret.title')}
        onOk={() => setSecret(null)}
        onCancel={() => setSecret(null)}
        okText={t('channels.done')}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Alert type="info" showIcon title={t('channels.secret.body')} />
        <Typography.Paragraph copyable code style={{ marginTop: 12 }}>
          {secret}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
