import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import type { ClipboardEvent } from 'react';
import { t } from '../apps.texts';
import { parseEnvLines, type EnvRow, type SecretRow } from './configuration-form';
import type { IssuePath } from './template-form';
import { listRule, settingsRule } from './template-form';
import styles from './configuration.module.css';

type Kind = 'env' | 'secrets';

const labels = {
  env: {
    add: 'apps.config.env.add',
    name: 'apps.config.env.nameLabel',
    value: 'apps.config.env.valueLabel',
    remove: 'apps.config.env.removeLabel',
  },
  secrets: {
    add: 'apps.config.secrets.add',
    name: 'apps.config.secrets.nameLabel',
    value: 'apps.config.secrets.valueLabel',
    remove: 'apps.config.secrets.removeLabel',
  },
} as const;

/** A refusal of the whole list (a name twice, a secret also an env variable), not of one row. */
const listLevel = (kind: Kind) => (path: IssuePath) =>
  path[0] === kind && typeof path[1] !== 'number';

/** A secret's own refusal (neither value nor keep) shows under its value. */
const rowLevel = (kind: Kind, index: number) => (path: IssuePath) =>
  path.length === 2 && path[0] === kind && path[1] === index;

/**
 * The Environment or Secrets rows: a name and a value each, added and removed at will. Pasting
 * `KEY=VALUE` lines into a name fills one row per line. A secret's value is a password input; a
 * secret carried from the version the form starts from shows "Keep current value" until a new
 * value is typed.
 */
export function KeyValueRows({ kind }: { kind: Kind }) {
  const form = Form.useFormInstance();
  const text = labels[kind];

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const rows = parseEnvLines(event.clipboardData.getData('text'));
    if (!rows) return;
    event.preventDefault();
    const current: (EnvRow | SecretRow)[] = form.getFieldValue(kind) ?? [];
    const next = [...current.slice(0, index), ...rows, ...current.slice(index + 1)];
    form.setFieldValue(kind, next);
    void form.validateFields(next.map((_row, at) => [kind, at, 'name'])).catch(() => undefined);
  };

  return (
    <Form.List name={kind} rules={[listRule(form, listLevel(kind))]}>
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field, index) => {
            const carried = form.getFieldValue([kind, field.name, 'carried']) === true;
            return (
              <div key={field.key} className={styles.row} data-testid={`${kind}-row`}>
                <Form.Item
                  name={[field.name, 'name']}
                  rules={[settingsRule([kind, field.name, 'name'])]}
                >
                  <Input
                    aria-label={t(text.name, { index: index + 1 })}
                    placeholder={t('apps.config.env.name')}
                    autoComplete="off"
                    disabled={carried}
                    onPaste={onPaste(field.name)}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'value']}
                  rules={[settingsRule([kind, field.name, 'value'], rowLevel(kind, field.name))]}
                >
                  {kind === 'secrets' ? (
                    <Input.Password
                      aria-label={t(text.value, { index: index + 1 })}
                      placeholder={
                        carried ? t('apps.config.secrets.keep') : t('apps.config.secrets.newValue')
                      }
                      autoComplete="new-password"
                    />
                  ) : (
                    <Input
                      aria-label={t(text.value, { index: index + 1 })}
                      placeholder={t('apps.config.env.value')}
                      autoComplete="off"
                    />
                  )}
                </Form.Item>
                <Button
                  type="text"
                  icon={<MinusCircleOutlined aria-hidden />}
                  aria-label={t(text.remove, { index: index + 1 })}
                  onClick={() => remove(field.name)}
                />
              </div>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => add({ name: '', value: '' })}
            className={styles.add}
          >
            {t(text.add)}
          </Button>
        </>
      )}
    </Form.List>
  );
}
