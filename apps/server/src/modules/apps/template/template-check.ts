import { appApiMessages } from '@meridian/domain/apps/app-api';
import { checkAdvancedTemplate } from '@meridian/domain/apps/advanced-template';
import type { KnownHeatValues } from '@meridian/domain/apps/heat-stack';
import { checkHeatTemplate } from '@meridian/domain/apps/heat-template';
import { cpuTask } from '../../../platform/cpu-pool';

/** An uploaded Advanced or Heat template, and the form's Heat values its parameters may take. */
export interface UploadedTemplate {
  templateType: 'KUBERNETES_ADVANCED' | 'HEAT';
  text: string;
  heatValues: KnownHeatValues;
}

/**
 * What is wrong with an uploaded template (spec "Validation rules"); empty when nothing is. The
 * YAML parser takes about 1 s per MiB, several times that on crafted input (0.7 s for 195 KB of
 * quotes), so this runs on the CPU pool.
 */
export function checkUploadedTemplate({ templateType, text, heatValues }: UploadedTemplate): {
  errors: string[];
} {
  if (templateType === 'HEAT') {
    const checked = checkHeatTemplate(text, heatValues);
    return { errors: checked.ok ? [] : checked.errors };
  }
  const parsed = checkAdvancedTemplate(text);
  if (!parsed.ok) return { errors: parsed.errors };
  return { errors: parsed.documents.length === 0 ? [appApiMessages.templateRequired] : [] };
}

/** `checkUploadedTemplate` on the CPU pool. */
export const checkTemplateTask = cpuTask(import.meta.url, { checkUploadedTemplate });
