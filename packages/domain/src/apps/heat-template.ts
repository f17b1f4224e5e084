import { isRecord, parseYamlSafely } from '../parsing/safe-yaml';
import { meridianHeatParameters, resolveHeatParameters, type KnownHeatValues } from './heat-stack';

/** Messages of the Heat template check (spec "Validation rules" leaves the wording to us). */
export const heatTemplateMessages = {
  singleDocument: 'The Heat template must be a single YAML document',
  notMapping: 'The Heat template must be a YAML mapping',
  version: 'The Heat template needs heat_template_version',
  parameters: 'The Heat template needs a parameters section',
  parameter: (name: string) => `The Heat template needs the parameter ${name}`,
} as const;

export type HeatCheckResult =
  { ok: true; template: Record<string, unknown> } | { ok: false; errors: string[] };

/**
 * Checks an uploaded (untrusted) Heat template; every missing piece is named in the errors. Its
 * parameters must each get a value: from `known` (Meridian's, when the form gave them; the
 * others are set at deployment) or from their default.
 */
export function checkHeatTemplate(text: string, known: KnownHeatValues = {}): HeatCheckResult {
  const parsed = parseYamlSafely(text);
  if (!parsed.ok) return parsed;
  if (parsed.documents.length !== 1) {
    return { ok: false, errors: [heatTemplateMessages.singleDocument] };
  }
  const template = parsed.documents[0]!.value;
  if (!isRecord(template)) return { ok: false, errors: [heatTemplateMessages.notMapping] };

  const errors: string[] = [];
  const version = template.heat_template_version;
  if (version === undefined || version === null || String(version).trim() === '') {
    errors.push(heatTemplateMessages.version);
  }
  const parameters = isRecord(template.parameters) ? template.parameters : {};
  if (!isRecord(template.parameters)) errors.push(heatTemplateMessages.parameters);
  for (const name of meridianHeatParameters) {
    if (!Object.hasOwn(parameters, name)) errors.push(heatTemplateMessages.parameter(name));
  }
  errors.push(...resolveHeatParameters(template, known, true).errors);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, template };
}
