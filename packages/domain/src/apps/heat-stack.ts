import { isRecord, parseYamlSafely } from '../parsing/safe-yaml';

/**
 * The parameters Meridian sets from what it knows (spec "Entities and their fields" requires all
 * five): the user's keypair, the form's flavor and volume type, the datacenter's external network
 * and its catalogue's image. Every other parameter takes its default from the template.
 */
export const meridianHeatParameters = [
  'keypair_name',
  'external_network_id',
  'flavor_id',
  'image_name',
  'volume_type',
] as const;

/** Meridian's parameters where the template's own default wins: the image is the user's choice. */
const templateDefaultFirst: readonly string[] = ['image_name'];

export type MeridianHeatParameter = (typeof meridianHeatParameters)[number];

/** Meridian's values for its parameters; one left out is not known yet (set at deployment). */
export type KnownHeatValues = Partial<Record<MeridianHeatParameter, string>>;

function bounds(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `from ${min} to ${max}`;
  return min !== undefined ? `at least ${min}` : `at most ${max}`;
}

/** Messages of the parameter checks (spec "Validation rules" leaves the wording to us). */
export const heatParameterMessages = {
  declaration: (name: string) =>
    `The Heat template must declare parameter "${name}" as a mapping with a type`,
  noValue: (name: string) =>
    `The Heat template needs a value for parameter "${name}", and it has no default.`,
  notAllowed: (name: string, value: string, allowed: readonly string[]) =>
    `The Heat template allows parameter "${name}" only ${allowed.map((item) => `"${item}"`).join(', ')}, not ${value}.`,
  notNumber: (name: string, value: string) =>
    `The Heat template needs a number for parameter "${name}", not ${value}.`,
  length: (name: string, min: number | undefined, max: number | undefined) =>
    `The Heat template needs parameter "${name}" to be ${bounds(min, max)} characters long.`,
  range: (name: string, value: string, min: number | undefined, max: number | undefined) =>
    `The Heat template needs parameter "${name}" to be ${bounds(min, max)}, not ${value}.`,
} as const;

/** A parameter as the template's `parameters:` section declares it. */
export interface HeatParameter {
  name: string;
  /** string, number, json, comma_delimited_list or boolean (Heat's types). */
  type: string;
  /** The default as Heat receives a value: text (lists comma-joined, JSON as JSON). */
  defaultValue: string | undefined;
  /** Hidden parameters (passwords) are never echoed in messages. */
  hidden: boolean;
  constraints: Record<string, unknown>[];
}

/** JSON of a YAML value; none for one whose aliases make it circular (it has no JSON form). */
function jsonOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

function asText(value: unknown, type: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && type === 'comma_delimited_list') {
    return value.map((item) => (typeof item === 'string' ? item : (jsonOf(item) ?? ''))).join(',');
  }
  return jsonOf(value);
}

/** The declared parameters, in template order; a declaration that is not a mapping is its name. */
export function heatParametersOf(template: Record<string, unknown>): (HeatParameter | string)[] {
  const section = isRecord(template.parameters) ? template.parameters : {};
  return Object.entries(section).map(([name, declaration]) => {
    if (!isRecord(declaration)) return name;
    const type = typeof declaration.type === 'string' ? declaration.type : 'string';
    const constraints = Array.isArray(declaration.constraints) ? declaration.constraints : [];
    return {
      name,
      type,
      defaultValue: asText(declaration.default, type),
      hidden: declaration.hidden === true,
      constraints: constraints.filter(isRecord),
    };
  });
}

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * What Heat would refuse of `value` for `parameter`: its type (numbers) and the cheap
 * constraints (allowed_values, length, range). allowed_pattern is not run (an untrusted regular
 * expression could take forever) and custom_constraint needs the cloud's catalogue.
 */
function valueProblems(parameter: HeatParameter, value: string): string[] {
  const { name, type } = parameter;
  const shown = parameter.hidden ? 'the hidden value' : `"${value}"`;
  if (type === 'number' && (value.trim() === '' || !Number.isFinite(Number(value)))) {
    return [heatParameterMessages.notNumber(name, shown)];
  }
  const problems: string[] = [];
  for (const constraint of parameter.constraints) {
    const { allowed_values: allowed, length, range } = constraint;
    if (Array.isArray(allowed)) {
      const texts = allowed.map((item) => asText(item, 'string') ?? '');
      const values = type === 'comma_delimited_list' ? value.split(',') : [value];
      if (!values.every((item) => texts.includes(item.trim()))) {
        problems.push(heatParameterMessages.notAllowed(name, shown, texts));
      }
    }
    if (isRecord(length) && type === 'string') {
      const [min, max] = [numberOrUndefined(length.min), numberOrUndefined(length.max)];
      if ((min !== undefined && value.length < min) || (max !== undefined && value.length > max)) {
        problems.push(heatParameterMessages.length(name, min, max));
      }
    }
    if (isRecord(range) && type === 'number') {
      const [min, max] = [numberOrUndefined(range.min), numberOrUndefined(range.max)];
      const number = Number(value);
      if ((min !== undefined && number < min) || (max !== undefined && number > max)) {
        problems.push(heatParameterMessages.range(name, shown, min, max));
      }
    }
  }
  return problems;
}

/** The parameters a stack is created with, and what stops it from being created. */
export interface HeatParameterResolution {
  parameters: Record<string, string>;
  errors: string[];
}

function isMeridianParameter(name: string): name is MeridianHeatParameter {
  return (meridianHeatParameters as readonly string[]).includes(name);
}

/**
 * The values a stack of `template` is created with: Meridian's own for the parameters it sets,
 * else the template's default. Only declared parameters are passed (Heat refuses others). With
 * `partial` (a version being created), Meridian's parameters left out of `known` are skipped.
 */
export function resolveHeatParameters(
  template: Record<string, unknown>,
  known: KnownHeatValues,
  partial = false,
): HeatParameterResolution {
  const parameters: Record<string, string> = {};
  const errors: string[] = [];
  for (const parameter of heatParametersOf(template)) {
    if (typeof parameter === 'string') {
      errors.push(heatParameterMessages.declaration(parameter));
      continue;
    }
    const { name } = parameter;
    const own = isMeridianParameter(name) ? known[name] : undefined;
    if (own === undefined && partial && isMeridianParameter(name)) continue;
    const value = templateDefaultFirst.includes(name)
      ? (parameter.defaultValue ?? own)
      : (own ?? parameter.defaultValue);
    if (value === undefined) {
      errors.push(heatParameterMessages.noValue(name));
      continue;
    }
    errors.push(...valueProblems(parameter, value));
    parameters[name] = value;
  }
  return { parameters, errors };
}

/** The template as a mapping, or an empty one when the stored text no longer reads as one. */
export function heatTemplateObject(text: string): Record<string, unknown> {
  const parsed = parseYamlSafely(text);
  const template = parsed.ok ? parsed.documents[0]?.value : undefined;
  return isRecord(template) ? template : {};
}
