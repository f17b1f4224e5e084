import { healthCheckTypes } from '@meridian/domain/apps/app-configuration';
import { limits } from '@meridian/domain/limits';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { t } from '../apps.texts';
import type { TemplateFormValues } from './template-form';
import { issueRule, settingsRule } from './template-form';
import styles from './configuration.module.css';

/** A list of words (a command, its arguments): each typed word and Enter makes one. */
function WordsInput({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder?: string;
  value?: string[];
  onChange?: (words: string[]) => void;
}) {
  return (
    <Select
      mode="tags"
      open={false}
      suffixIcon={null}
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={onChange}
      className={styles.words}
    />
  );
}

/** The health check: none, an HTTP GET, a TCP connection or a command, and its timing. */
export function HealthCheckFields() {
  const form = Form.useFormInstance<TemplateFormValues>();
  const type = Form.useWatch(['healthCheck', 'type'], form);
  const number = (field: 'initialDelaySeconds' | 'periodSeconds' | 'failureThreshold') => (
    <Form.Item
      name={['healthCheck', field]}
      label={t(`apps.config.healthCheck.${field}`)}
      rules={[settingsRule(['healthCheck', field])]}
    >
      <InputNumber precision={0} min={0} className={styles.number} />
    </Form.Item>
  );
  return (
    <>
      <div className={styles.two}>
        <Form.Item
          name={['healthCheck', 'type']}
          label={t('apps.config.healthCheck.type')}
          rules={[settingsRule(['healthCheck', 'type'])]}
        >
          <Select
            aria-label={t('apps.config.healthCheck.type')}
            options={(['none', ...healthCheckTypes] as const).map((value) => ({
              value,
              label: t(`apps.config.healthCheck.${value}`),
            }))}
          />
        </Form.Item>
        {type === 'http' || type === 'tcp' ? (
          <Form.Item
            name={['healthCheck', 'port']}
            label={t('apps.config.healthCheck.port')}
            rules={[settingsRule(['healthCheck', 'port'])]}
          >
            <InputNumber
              precision={0}
              min={1}
              max={limits.portMax}
              placeholder={t('apps.config.healthCheck.portPlaceholder')}
              className={styles.number}
            />
          </Form.Item>
        ) : null}
      </div>
      {type === 'http' ? (
        <Form.Item
          name={['healthCheck', 'path']}
          label={t('apps.config.healthCheck.path')}
          rules={[settingsRule(['healthCheck', 'path'])]}
        >
          <Input placeholder="/healthz" autoComplete="off" />
        </Form.Item>
      ) : null}
      {type === 'command' ? (
        <Form.Item
          name={['healthCheck', 'command']}
          label={t('apps.config.healthCheck.commandWords')}
          rules={[settingsRule(['healthCheck', 'command'])]}
        >
          <WordsInput
            label={t('apps.config.healthCheck.commandWords')}
            placeholder="e.g. pg_isready"
          />
        </Form.Item>
      ) : null}
      {type && type !== 'none' ? (
        <div className={styles.three}>
          {number('initialDelaySeconds')}
          {number('periodSeconds')}
          {number('failureThreshold')}
        </div>
      ) : null}
    </>
  );
}

const resourceFields = [
  ['cpuRequest', '250m'],
  ['cpuLimit', '500m'],
  ['memoryRequest', '256Mi'],
  ['memoryLimit', '512Mi'],
] as const;

/** CPU and memory, each a request and a limit, as Kubernetes quantities. */
export function ResourcesFields() {
  return (
    <div className={styles.two}>
      {resourceFields.map(([field, example]) => (
        <Form.Item
          key={field}
          name={['resources', field]}
          label={t(`apps.config.resources.${field}`)}
          rules={[settingsRule(['resources', field])]}
        >
          <Input placeholder={`e.g. ${example}`} autoComplete="off" />
        </Form.Item>
      ))}
    </div>
  );
}

/** Autoscaling on CPU use: off, or the fewest and most replicas and the target. */
export function AutoscalingFields() {
  const form = Form.useFormInstance<TemplateFormValues>();
  const on = Form.useWatch('autoscalingOn', form) === true;
  return (
    <>
      <Form.Item
        name="autoscalingOn"
        valuePropName="checked"
        label={t('apps.config.autoscaling.on')}
      >
        <Switch aria-label={t('apps.config.autoscaling.on')} />
      </Form.Item>
      {on ? (
        <div className={styles.three}>
          {(['minReplicas', 'maxReplicas', 'targetCPUUtilization'] as const).map((field) => (
            <Form.Item
              key={field}
              name={['autoscaling', field]}
              label={t(`apps.config.autoscaling.${field}`)}
              rules={[settingsRule(['autoscaling', field])]}
            >
              <InputNumber precision={0} min={1} className={styles.number} />
            </Form.Item>
          ))}
        </div>
      ) : null}
    </>
  );
}

/** A volume: off, or its size and where it is mounted. */
export function VolumeFields() {
  const form = Form.useFormInstance<TemplateFormValues>();
  const on = Form.useWatch('volumeOn', form) === true;
  return (
    <>
      <Form.Item
        name="volumeOn"
        valuePropName="checked"
        label={t('apps.config.volume.on')}
        rules={[issueRule((path) => path.length === 1 && path[0] === 'volume')]}
      >
        <Switch aria-label={t('apps.config.volume.on')} />
      </Form.Item>
      {on ? (
        <div className={styles.two}>
          <Form.Item
            name={['volume', 'size']}
            label={t('apps.config.volume.size')}
            rules={[settingsRule(['volume', 'size'])]}
          >
            <Input placeholder="e.g. 1Gi" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name={['volume', 'mountPath']}
            label={t('apps.config.volume.mountPath')}
            rules={[settingsRule(['volume', 'mountPath'])]}
          >
            <Input placeholder="e.g. /data" autoComplete="off" />
          </Form.Item>
        </div>
      ) : null}
    </>
  );
}

/** The container's command and arguments, in place of the image's. */
export function CommandFields() {
  return (
    <>
      <Form.Item
        name="command"
        label={t('apps.config.command.command')}
        rules={[settingsRule(['command'])]}
      >
        <WordsInput
          label={t('apps.config.command.command')}
          placeholder={t('apps.config.command.placeholder')}
        />
      </Form.Item>
      <Form.Item name="args" label={t('apps.config.command.args')} rules={[settingsRule(['args'])]}>
        <WordsInput
          label={t('apps.config.command.args')}
          placeholder={t('apps.config.command.argsPlaceholder')}
        />
      </Form.Item>
    </>
  );
}
