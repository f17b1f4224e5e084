import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { templateMaxBytes } from '@meridian/domain/apps/app-api';
import { checkAdvancedTemplate } from '@meridian/domain/apps/advanced-template';
import { appCreateFieldsSchema } from '@meridian/domain/apps/app-form';
import { basicTemplateSettingsSchema } from '@meridian/domain/apps/basic-template';
import type {
  BasicTemplateSettings,
  DockerRegistryType,
} from '@meridian/domain/apps/basic-template';
import { checkHeatTemplate } from '@meridian/domain/apps/heat-template';
import { meridianHeatParameters } from '@meridian/domain/apps/heat-stack';
import {
  sampleHeatTemplate,
  sampleHeatTemplateName,
  sampleKubernetesTemplate,
  sampleKubernetesTemplateName,
} from '@meridian/domain/apps/sample-templates';
import { defaultFlavor, flavors } from '@meridian/domain/flavors';
import type { FlavorKey } from '@meridian/domain/flavors';
import { defaultKubeType, defaultVolumeType, limits, volumeTypes } from '@meridian/domain/limits';
import type { TemplateType, VolumeType } from '@meridian/domain/limits';
import { validationMessages } from '@meridian/domain/validation-messages';
import { Button, Form, Input, InputNumber, Radio, Select, Tabs, Upload } from 'antd';
import type { FormInstance, UploadFile } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { t } from '../apps.texts';
import { downloadTextFile } from '../../../shared/lib/download-file';
import type { KubeType, TemplateFamily, TemplateSource } from '../app.types';
import styles from './template-fields.module.css';

/** The template part of the app and version creation forms (spec "Entities and their fields"). */
export interface TemplateFormValues {
  deploymentImage?: string;
  deploymentReplicas?: number | null;
  deploymentTargetPort?: number | null;
  deploymentPort?: number | null;
  dockerRegistryType?: DockerRegistryType;
  privateDockerRegistryUrl?: string;
  privateDockerRegistryUsername?: string;
  privateDockerRegistryPassword?: string;
  kubernetesFile?: UploadFile[];
  heatFile?: UploadFile[];
  flavor?: FlavorKey;
  volumeType?: VolumeType;
}

/** Spec "Business constants and limits" defaults: one replica, a public registry, the Mini flavor, SSD volumes. */
export const templateInitialValues: TemplateFormValues = {
  deploymentReplicas: limits.replicasMin,
  dockerRegistryType: 'public',
  flavor: defaultFlavor.name.toLowerCase() as FlavorKey,
  volumeType: defaultVolumeType,
};

/** Which tab is open: Kubernetes (Basic by default, or Advanced) or Heat. */
export interface TemplateChoice {
  family: TemplateFamily;
  kubeType: KubeType;
}

function isKubeType(type: TemplateType): type is KubeType {
  return type !== 'HEAT';
}

/** Spec "Business constants and limits": the Kubernetes tab, and within it the default kubeType (Basic). */
export const defaultTemplateChoice: TemplateChoice = {
  family: 'kubernetes',
  kubeType: isKubeType(defaultKubeType) ? defaultKubeType : 'KUBERNETES_BASIC',
};

export function templateTypeOf(choice: TemplateChoice): TemplateType {
  return choice.family === 'heat' ? 'HEAT' : choice.kubeType;
}

/** What a zod schema of one field must offer (structural, so antd rules stay zod-agnostic). */
interface FieldSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/** An antd rule from a domain schema of one field: its first message, so both sides agree. */
export function zodRule(schema: FieldSchema): Rule {
  return {
    validator: (_rule, value: unknown) => {
      const result = schema.safeParse(value === null ? undefined : value);
      return result.success
        ? Promise.resolve()
        : Promise.reject(new Error(result.error.issues[0]?.message ?? ''));
    },
  };
}

const basicFields = [
  'deploymentImage',
  'deploymentReplicas',
  'deploymentTargetPort',
  'deploymentPort',
  'dockerRegistryType',
  'privateDockerRegistryUrl',
  'privateDockerRegistryUsername',
  'privateDockerRegistryPassword',
] as const satisfies readonly (keyof BasicTemplateSettings)[];

type BasicField = (typeof basicFields)[number];

/** The Basic settings as the domain reads them; a cleared number input (null) counts as empty. */
function basicInput(form: Pick<FormInstance, 'getFieldValue'>): Record<BasicField, unknown> {
  const input = {} as Record<BasicField, unknown>;
  for (const field of basicFields) {
    const value: unknown = form.getFieldValue(field);
    input[field] = value === null ? undefined : value;
  }
  return input;
}

/**
 * A field of the Basic settings checked with the whole settings schema, so the cross-field rules
 * (registry details required only for a private registry) come from the domain too.
 */
function basicRule(field: BasicField): Rule {
  return (form) => ({
    validator: () => {
      const result = basicTemplateSettingsSchema.safeParse(basicInput(form));
      const issue = result.success
        ? undefined
        : result.error.issues.find((candidate) => candidate.path[0] === field);
      return issue ? Promise.reject(new Error(issue.message)) : Promise.resolve();
    },
  });
}

type TemplateCheck = (text: string) => { ok: true } | { ok: false; errors: string[] };

/**
 * Spec "Validation rules": the upload is required ('Please provide a file'). The file is also read here and put
 * through the same checks as on the server, so a wrong manifest is named before it is sent.
 */
function uploadRule(check: TemplateCheck): Rule {
  return {
    validator: async (_rule, value: UploadFile[] | undefined) => {
      const file = value?.[0]?.originFileObj;
      if (!file) throw new Error(validationMessages.templateFile);
      if (file.size > templateMaxBytes) {
        throw new Error(
          t('apps.create.template.tooLarge', { size: Math.round(templateMaxBytes / 1024) }),
        );
      }
      let text: string;
      try {
        text = await file.text();
      } catch {
        throw new Error(t('apps.create.template.unreadable'));
      }
      const result = check(text);
      if (!result.ok) throw new Error(result.errors.join('; '));
    },
  };
}

const heatShape = appCreateFieldsSchema.in.shape;

/** The request's template from validated form values (spec "The calls it makes"). */
export function templateSourceFrom(
  choice: TemplateChoice,
  values: TemplateFormValues,
): TemplateSource {
  const type = templateTypeOf(choice);
  if (type === 'KUBERNETES_BASIC') {
    return {
      type,
      settings: basicTemplateSettingsSchema.parse(
        basicInput({ getFieldValue: (name: BasicField) => values[name] }),
      ),
    };
  }
  const upload = type === 'HEAT' ? values.heatFile : values.kubernetesFile;
  const file = upload?.[0]?.originFileObj;
  if (!file) throw new Error(validationMessages.templateFile);
  if (type === 'KUBERNETES_ADVANCED') return { type, file };
  return {
    type,
    file,
    flavor: values.flavor ?? (defaultFlavor.name.toLowerCase() as FlavorKey),
    volumeType: values.volumeType ?? defaultVolumeType,
  };
}

/** The server's reasons (its errors, or a 4xx message), then the spec's try-again sentence. */
export function failureDescription(error: unknown, tryAgain: string): ReactNode {
  const reasons: string[] = [];
  if (isApiError(error)) {
    if (error.errors.length > 0) reasons.push(...error.errors);
    else if (error.status >= 400 && error.status < 500) reasons.push(error.message);
  }
  if (reasons.length === 0) return tryAgain;
  return (
    <>
      {reasons.map((reason) => (
        <span key={reason} className={styles.reason}>
          {reason}
        </span>
      ))}
      <span className={styles.reason}>{tryAgain}</span>
    </>
  );
}

function SampleDownload({ kind }: { kind: 'kubernetes' | 'heat' }) {
  const [name, content, label] =
    kind === 'heat'
      ? [sampleHeatTemplateName, sampleHeatTemplate, t('apps.create.template.sampleHeat')]
      : [
          sampleKubernetesTemplateName,
          sampleKubernetesTemplate,
          t('apps.create.template.sampleKubernetes'),
        ];
  return (
    <Button
      type="link"
      size="small"
      className={styles.sample}
      icon={<DownloadOutlined aria-hidden />}
      onClick={() => downloadTextFile(name, content, 'application/yaml')}
    >
      {label}
    </Button>
  );
}

function TemplateUpload({
  name,
  label,
  hint,
  check,
  sample,
}: {
  name: 'kubernetesFile' | 'heatFile';
  label: string;
  hint?: string;
  check: TemplateCheck;
  sample: 'kubernetes' | 'heat';
}) {
  return (
    <div className={styles.upload}>
      <Form.Item
        name={name}
        label={label}
        extra={hint}
        valuePropName="fileList"
        getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
        rules={[uploadRule(check)]}
      >
        <Upload.Dragger
          accept=".yaml,.yml"
          beforeUpload={() => false}
          maxCount={1}
          aria-label={label}
        >
          <p className={styles.dropIcon}>
            <InboxOutlined aria-hidden />
          </p>
          <p className={styles.dropText}>{t('apps.create.template.drop')}</p>
          <p className={styles.dropHint}>{t('apps.create.template.dropHint')}</p>
        </Upload.Dragger>
      </Form.Item>
      <SampleDownload kind={sample} />
    </div>
  );
}

function BasicFields() {
  const form = Form.useFormInstance<TemplateFormValues>();
  const registry = Form.useWatch('dockerRegistryType', form);
  return (
    <>
      <p className={styles.hint}>{t('apps.create.template.basicHint')}</p>
      <Form.Item
        name="deploymentImage"
        label={t('apps.create.template.image')}
        rules={[basicRule('deploymentImage')]}
      >
        <Input placeholder={t('apps.create.template.imagePlaceholder')} />
      </Form.Item>
      <div className={styles.three}>
        <Form.Item
          name="deploymentReplicas"
          label={t('apps.create.template.replicas')}
          rules={[basicRule('deploymentReplicas')]}
        >
          <InputNumber min={limits.replicasMin} precision={0} className={styles.number} />
        </Form.Item>
        <Form.Item
          name="deploymentTargetPort"
          label={t('apps.create.template.targetPort')}
          tooltip={t('apps.create.template.targetPortHint')}
          rules={[basicRule('deploymentTargetPort')]}
        >
          <InputNumber
            min={limits.targetPortMin}
            precision={0}
            placeholder="8080"
            className={styles.number}
          />
        </Form.Item>
        <Form.Item
          name="deploymentPort"
          label={t('apps.create.template.port')}
          tooltip={t('apps.create.template.portHint')}
          rules={[basicRule('deploymentPort')]}
        >
          <InputNumber
            min={limits.portMin}
            precision={0}
            placeholder="80"
            className={styles.number}
          />
        </Form.Item>
      </div>
      <Form.Item
        name="dockerRegistryType"
        label={t('apps.create.template.registry')}
        rules={[basicRule('dockerRegistryType')]}
      >
        <Radio.Group>
          <Radio value="public">{t('apps.create.template.registryPublic')}</Radio>
          <Radio value="private">{t('apps.create.template.registryPrivate')}</Radio>
        </Radio.Group>
      </Form.Item>
      {registry === 'private' ? (
        <>
          <Form.Item
            name="privateDockerRegistryUrl"
            label={t('apps.create.template.registryUrl')}
            rules={[basicRule('privateDockerRegistryUrl')]}
          >
            <Input placeholder="https://registry.example.com" />
          </Form.Item>
          <div className={styles.two}>
            <Form.Item
              name="privateDockerRegistryUsername"
              label={t('apps.create.template.registryUsername')}
              rules={[basicRule('privateDockerRegistryUsername')]}
            >
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="privateDockerRegistryPassword"
              label={t('apps.create.template.registryPassword')}
              rules={[basicRule('privateDockerRegistryPassword')]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </div>
        </>
      ) : null}
    </>
  );
}

function HeatFields() {
  return (
    <>
      <div className={styles.two}>
        <Form.Item
          name="flavor"
          label={t('apps.create.template.flavor')}
          rules={[zodRule(heatShape.flavor_name.unwrap())]}
        >
          <Select
            aria-label={t('apps.create.template.flavor')}
            popupMatchSelectWidth={false}
            options={flavors.map((flavor) => ({
              value: flavor.name.toLowerCase(),
              label: `${flavor.name} · ${flavor.cpu.value} ${flavor.cpu.unit} · ${flavor.ram.value} ${flavor.ram.unit} · ${flavor.storage.value} ${flavor.storage.unit}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="volumeType"
          label={t('apps.create.template.volumeType')}
          rules={[zodRule(heatShape.volume_type.unwrap())]}
        >
          <Radio.Group optionType="button" buttonStyle="solid">
            {volumeTypes.map((type) => (
              <Radio.Button key={type} value={type}>
                {type}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
      </div>
      <TemplateUpload
        name="heatFile"
        label={t('apps.create.template.heatFile')}
        hint={t('apps.create.template.heatHint', {
          parameters: meridianHeatParameters.join(', '),
        })}
        check={checkHeatTemplate}
        sample="heat"
      />
    </>
  );
}

/**
 * The template tabs shared by the app and version drawers: Kubernetes (Basic or Advanced) or
 * Heat. Only the open tab's fields are mounted, so only they are validated.
 */
export function TemplateFields({
  choice,
  onChange,
}: {
  choice: TemplateChoice;
  onChange: (choice: TemplateChoice) => void;
}) {
  return (
    <section className={styles.section} aria-label={t('apps.create.template.type')}>
      <div className={styles.label}>{t('apps.create.template.type')}</div>
      <Tabs
        activeKey={choice.family}
        onChange={(key) => onChange({ ...choice, family: key as TemplateFamily })}
        items={[
          { key: 'kubernetes', label: t('apps.create.template.kubernetes') },
          { key: 'heat', label: t('apps.create.template.heat') },
        ]}
        className={styles.tabs}
      />
      {choice.family === 'kubernetes' ? (
        <>
          <Tabs
            size="small"
            type="card"
            activeKey={choice.kubeType}
            onChange={(key) => onChange({ ...choice, kubeType: key as KubeType })}
            items={[
              { key: 'KUBERNETES_BASIC', label: t('apps.create.template.basic') },
              { key: 'KUBERNETES_ADVANCED', label: t('apps.create.template.advanced') },
            ]}
            aria-label={t('apps.create.template.kubeType')}
            className={styles.tabs}
          />
          {choice.kubeType === 'KUBERNETES_BASIC' ? (
            <BasicFields />
          ) : (
            <TemplateUpload
              name="kubernetesFile"
              label={t('apps.create.template.kubernetesFile')}
              check={checkAdvancedTemplate}
              sample="kubernetes"
            />
          )}
        </>
      ) : (
        <HeatFields />
      )}
    </section>
  );
}
