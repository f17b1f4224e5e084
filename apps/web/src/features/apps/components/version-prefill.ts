import type { VersionBasicSettings } from '@meridian/domain/apps/app-api';
import type { Version } from '../app.types';
import { configurationValues } from './configuration-form';
import {
  choiceOf,
  defaultTemplateChoice,
  templateInitialValues,
  type TemplateChoice,
  type TemplateFormValues,
} from './template-form';

/** What the Create version form starts with. */
export interface VersionPrefill {
  choice: TemplateChoice;
  values: TemplateFormValues & { name?: string };
  /** Its Basic settings hold typed private credentials, whose password is never answered. */
  passwordAgain: boolean;
}

/**
 * A name for the next version that no version of the app has: the number at the end of this
 * one's counted up (v2 → v3, 1.4.9 → 1.4.10), else `-2` added to it.
 */
export function nextVersionName(name: string, taken: readonly string[]): string {
  const match = /^(.*?)(\d+)$/.exec(name.trim());
  const [stem, start] = match ? [match[1]!, Number(match[2]) + 1] : [`${name.trim()}-`, 2];
  const names = new Set(taken);
  let number = start;
  while (names.has(`${stem}${number}`)) number += 1;
  return `${stem}${number}`;
}

/**
 * A Basic version's settings as the form holds them: every configuration field too, its secrets
 * to keep (the form sends `keep: true` for those left empty), its saved registry if it has one.
 */
export function basicValues(settings: VersionBasicSettings): TemplateFormValues {
  return {
    deploymentImage: settings.deploymentImage,
    deploymentReplicas: settings.deploymentReplicas,
    deploymentTargetPort: settings.deploymentTargetPort,
    deploymentPort: settings.deploymentPort,
    dockerRegistryType: settings.dockerRegistryType,
    privateDockerRegistryUrl: settings.privateDockerRegistryUrl,
    privateDockerRegistryUsername: settings.privateDockerRegistryUsername,
    dockerRegistryUuid: settings.dockerRegistryUuid ?? '',
    ...configurationValues(settings),
  };
}

/** The template fields as the version has them: Basic settings, or its YAML and Heat sizes. */
function templateValues(from: Version): TemplateFormValues {
  switch (from.template_type) {
    case 'KUBERNETES_BASIC':
      return from.basic_settings ? basicValues(from.basic_settings) : {};
    case 'KUBERNETES_ADVANCED':
      return { kubernetesText: from.raw_template, templateName: from.template_name };
    case 'HEAT':
      return {
        heatText: from.raw_template,
        templateName: from.template_name,
        flavor: from.flavor_name ?? templateInitialValues.flavor,
        volumeType: from.volume_type ?? templateInitialValues.volumeType,
      };
  }
}

/**
 * Every field as the version `from` has it (the Basic settings, replicas included; the YAML of
 * an Advanced or Heat template, its flavor and volume type) and a new name; the defaults
 * without one.
 */
export function versionPrefill(from: Version | null, versions: readonly Version[]): VersionPrefill {
  if (!from) {
    return {
      choice: defaultTemplateChoice,
      values: { ...templateInitialValues },
      passwordAgain: false,
    };
  }
  const taken = versions.map((version) => version.name);
  return {
    choice: choiceOf(from.template_type),
    values: {
      ...templateInitialValues,
      ...templateValues(from),
      name: nextVersionName(from.name, taken),
    },
    passwordAgain:
      from.basic_settings?.dockerRegistryType === 'private' &&
      !from.basic_settings.dockerRegistryUuid,
  };
}
