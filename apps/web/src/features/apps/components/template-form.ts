import { validationText } from '../../../shared/i18n/translate';
import { templateMaxBytes } from '@meridian/domain/apps/app-api';
import { basicTemplateSettingsSchema } from '@meridian/domain/apps/basic-template';
import type { BasicTemplateSettings } from '@meridian/domain/apps/basic-template';
import { defaultFlavor } from '@meridian/domain/flavors';
import type { FlavorKey } from '@meridian/domain/flavors';
import { defaultKubeType, defaultVolumeType, limits } from '@meridian/domain/limits';
import type { DockerRegistryType, TemplateType, VolumeType } from '@meridian/domain/limits';
import type { FormInstance, UploadFile } from 'antd';
import type { Rule } from 'antd/es/form';
import { t } from '../apps.texts';
import type { KubeType, TemplateFamily, TemplateSource } from '../app.types';
import { configurationInput, type ConfigurationFormValues } from './configuration-form';

/** The template part of the app and version creation forms (spec "Entities and their fields"). */
export interface TemplateFormValues extends ConfigurationFormValues {
  deploymentImage?: string;
  deploymentReplicas?: number | null;
  deploymentTargetPort?: number | null;
  deploymentPort?: number | null;
  dockerRegistryType?: DockerRegistryType;
  privateDockerRegistryUrl?: string;
  privateDockerRegistryUsername?: string;
  privateDockerRegistryPassword?: string;
  /** A saved registry in place of the three fields above; '' while typing them. */
  dockerRegistryUuid?: string;
  kubernetesFile?: UploadFile[];
  heatFile?: UploadFile[];
  /** The YAML editors of the version form (a dropped file fills them), and the file's name. */
  kubernetesText?: string;
  heatText?: string;
  templateName?: string;
  flavor?: FlavorKey;
  volumeType?: VolumeType;
}

/** Spec "Business constants and limits" defaults: one replica, a public registry, the Mini flavor, SSD volumes. */
export const templateInitialValues: TemplateFormValues = {
  deploymentReplicas: limits.replicasMin,
  dockerRegistryType: 'public',
  dockerRegistryUuid: '',
  healthCheck: { type: 'none' },
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

/** The tabs a template type is entered in. */
export function choiceOf(type: TemplateType): TemplateChoice {
  return isKubeType(type)
    ? { family: 'kubernetes', kubeType: type }
    : { ...defaultTemplateChoice, family: 'heat' };
}

export function templateTypeOf(choice: TemplateChoice): TemplateType {
  return choice.family === 'heat' ? 'HEAT' : choice.kubeType;
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

export type BasicField = (typeof basicFields)[number];

const privateFields = [
  'privateDockerRegistryUrl',
  'privateDockerRegistryUsername',
  'privateDockerRegistryPassword',
] as const;

/**
 * The Basic settings as the domain reads them, from the form's values: a cleared number input
 * (null) counts as empty, a saved registry replaces the typed credentials, and the
 * configuration sections as `configurationInput` makes them.
 */
export function basicSettingsInput(values: TemplateFormValues): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of basicFields) {
    const value: unknown = values[field];
    input[field] = value === null ? undefined : value;
  }
  // Typed credentials count only for a private registry that is not a saved one.
  const privateRegistry = values.dockerRegistryType === 'private';
  if (privateRegistry && values.dockerRegistryUuid)
    input.dockerRegistryUuid = values.dockerRegistryUuid;
  if (!privateRegistry || values.dockerRegistryUuid) {
    for (const field of privateFields) input[field] = undefined;
  }
  return { ...input, ...configurationInput(values) };
}

export type IssuePath = readonly PropertyKey[];

/** The domain's refusals of the Basic settings the form holds now (none when they are valid). */
export function basicSettingsIssues(
  values: TemplateFormValues,
): { path: IssuePath; message: string }[] {
  const result = basicTemplateSettingsSchema.safeParse(basicSettingsInput(values));
  return result.success ? [] : result.error.issues;
}

const startsWith = (path: IssuePath, prefix: IssuePath) =>
  prefix.length <= path.length && prefix.every((part, index) => part === path[index]);

function firstIssue(
  form: Pick<FormInstance, 'getFieldsValue'>,
  match: (issuePath: IssuePath) => boolean,
): Promise<void> {
  const values = form.getFieldsValue(true) as TemplateFormValues;
  const issue = basicSettingsIssues(values).find((candidate) => match(candidate.path));
  return issue ? Promise.reject(new Error(issue.message)) : Promise.resolve();
}

/** A form rule from the whole settings schema: the first refusal `match` accepts. */
export function issueRule(match: (issuePath: IssuePath) => boolean): Rule {
  return (form) => ({ validator: () => firstIssue(form, match) });
}

/** The same for a Form.List, whose rules are plain validators. */
export function listRule(
  form: Pick<FormInstance, 'getFieldsValue'>,
  match: (issuePath: IssuePath) => boolean,
) {
  return { validator: () => firstIssue(form, match) };
}

/**
 * The rule of one field, from the whole settings schema: the first refusal whose path lies under
 * `path` (or that `also` accepts), so the cross-field rules come from the domain too.
 */
export function settingsRule(
  path: IssuePath,
  also: (issuePath: IssuePath) => boolean = () => false,
): Rule {
  return issueRule((issuePath) => startsWith(issuePath, path) || also(issuePath));
}

/** A field of the Basic settings checked with the whole settings schema. */
export function basicRule(field: BasicField | 'dockerRegistryUuid'): Rule {
  return settingsRule([field]);
}

/**
 * Checks again every field the user has touched, so a refusal that depends on another field
 * (a request above its limit, a name twice, replicas outside autoscaling) shows as they type.
 */
export function revalidateTouched(form: FormInstance): void {
  const touched = form
    .getFieldsError()
    .map((field) => field.name)
    .filter((name) => form.isFieldTouched(name));
  if (touched.length > 0) void form.validateFields(touched).catch(() => undefined);
}

export type TemplateCheck = (text: string) => { ok: true } | { ok: false; errors: string[] };

/** The size limit and the same checks as on the server, so a wrong template is named before it is sent. */
function checkText(text: string, check: TemplateCheck): void {
  const result = check(text);
  if (!result.ok) throw new Error(result.errors.join('; '));
}

const tooLarge = () =>
  new Error(t('apps.create.template.tooLarge', { size: Math.round(templateMaxBytes / 1024) }));

/**
 * Spec "Validation rules": the upload is required ('Please provide a file'). The file is also read here and put
 * through the same checks as on the server, so a wrong manifest is named before it is sent.
 */
export function uploadRule(check: TemplateCheck): Rule {
  return {
    validator: async (_rule, value: UploadFile[] | undefined) => {
      const file = value?.[0]?.originFileObj;
      if (!file) throw new Error(validationText('templateFile'));
      if (file.size > templateMaxBytes) throw tooLarge();
      let text: string;
      try {
        text = await file.text();
      } catch {
        throw new Error(t('apps.create.template.unreadable'));
      }
      checkText(text, check);
    },
  };
}

/** The YAML editor's rule: required like the upload it stands for, and the same checks. */
export function editorRule(check: TemplateCheck): Rule {
  return {
    validator: async (_rule, value: string | undefined) => {
      if (!value?.trim()) throw new Error(validationText('templateFile'));
      if (new Blob([value]).size > templateMaxBytes) throw tooLarge();
      checkText(value, check);
    },
  };
}

/** The uploaded template, or the editor's text as a file under the name it came with. */
function templateFile(values: TemplateFormValues, type: TemplateType): File {
  const text = type === 'HEAT' ? values.heatText : values.kubernetesText;
  if (text !== undefined) {
    return new File([text], values.templateName || 'template.yaml', { type: 'application/yaml' });
  }
  const upload = type === 'HEAT' ? values.heatFile : values.kubernetesFile;
  const file = upload?.[0]?.originFileObj;
  if (!file) throw new Error(validationText('templateFile'));
  return file;
}

/**
 * The Basic settings of validated form values, as a request carries them. Pass every value the
 * form holds (`getFieldsValue(true)`): a secret row's `carried` mark is no field of its own.
 */
export function basicSettingsFrom(values: TemplateFormValues): BasicTemplateSettings {
  return basicTemplateSettingsSchema.parse(basicSettingsInput(values));
}

/** The request's template from validated form values (spec "The calls it makes"). */
export function templateSourceFrom(
  choice: TemplateChoice,
  values: TemplateFormValues,
): TemplateSource {
  const type = templateTypeOf(choice);
  if (type === 'KUBERNETES_BASIC') {
    return { type, settings: basicSettingsFrom(values) };
  }
  const file = templateFile(values, type);
  if (type === 'KUBERNETES_ADVANCED') return { type, file };
  return {
    type,
    file,
    flavor: values.flavor ?? (defaultFlavor.name.toLowerCase() as FlavorKey),
    volumeType: values.volumeType ?? defaultVolumeType,
  };
}
