import { validationText } from '../../../shared/i18n/translate';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { normaliseDomainNames } from '@meridian/domain/domains/domain-api';
import { Button, Form, Input } from 'antd';
import { t } from '../apps.texts';
import styles from './domain-actions.module.css';
import { fullDomainName } from './update-domain.rules';

/** The update-domain form's names, one input each under the chosen root, with add and remove. */
export function DomainNameInputs({ root }: { root: string | undefined }) {
  return (
    <Form.List
      name="names"
      rules={[
        {
          validator: (_rule, names: string[] | undefined) =>
            names && names.length > 0
              ? Promise.resolve()
              : Promise.reject(new Error(validationText('smartClusterAppDomains'))),
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field, index) => (
            <Form.Item
              key={field.key}
              label={index === 0 ? t('apps.detail.domains.names') : undefined}
              extra={index === fields.length - 1 ? t('apps.detail.domains.namesHint') : undefined}
              required
            >
              <div className={styles.domainRow}>
                <Form.Item
                  name={field.name}
                  noStyle
                  validateTrigger={['onChange', 'onBlur']}
                  rules={[
                    {
                      required: true,
                      whitespace: true,
                      message: validationText('smartClusterAppDomains'),
                    },
                    // Checked as typed, under the chosen root, not only on submit.
                    {
                      validator: (_rule, value: string | undefined) =>
                        !value?.trim() ||
                        normaliseDomainNames([fullDomainName(value, root ?? 'example.ca')]).ok
                          ? Promise.resolve()
                          : Promise.reject(new Error(validationText('smartClusterAppDomains'))),
                    },
                  ]}
                >
                  <Input
                    aria-label={t('apps.detail.domains.nameLabel', { index: index + 1 })}
                    placeholder="www"
                    suffix={root ? <span className={styles.suffix}>.{root}</span> : undefined}
                  />
                </Form.Item>
                <Button
                  type="text"
                  icon={<MinusCircleOutlined aria-hidden />}
                  aria-label={t('apps.detail.domains.remove', { index: index + 1 })}
                  disabled={fields.length <= 1}
                  onClick={() => remove(field.name)}
                />
              </div>
            </Form.Item>
          ))}
          <Form.Item>
            <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => add('')} block>
              {t('apps.detail.domains.add')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Form.Item>
        </>
      )}
    </Form.List>
  );
}
