import { z } from 'zod';
import { flavorKeys, type FlavorKey } from '../flavors';
import { parseJsonSafely } from '../parsing/safe-json';
import { limits, templateTypes, volumeTypes } from '../limits';
import { idField, optionalText, requiredText, tooLongMessage } from '../request-fields';
import { organizationMessages } from '../auth/organization';
import { validationMessages } from '../validation-messages';
import { basicTemplateSettingsSchema, type BasicTemplateSettings } from './basic-template';
import { templateMaxBytes } from './app-api';

/** Messages of spec "Validation rules" (App and version) whose exact wording the spec leaves to us. */
export const appFormMessages = {
  nameTooLong: `Name must be at most ${limits.nameMaxLength} characters`,
  versionTooLong: `Version must be at most ${limits.versionNameMaxLength} characters`,
  volumeType: `Please choose a volume type (${volumeTypes.join(' or ')})`,
  templateJson: 'The basic template settings must be a JSON object',
  nothingToUpdate: 'Please provide a name or a description',
  description: 'The description must be text',
  templateName: 'The file name must be text',
} as const;

const required = validationMessages.required;

const appName = requiredText(
  validationMessages.name,
  limits.nameMaxLength,
  appFormMessages.nameTooLong,
);

const versionName = requiredText(
  validationMessages.version,
  limits.versionNameMaxLength,
  appFormMessages.versionTooLong,
);

const description = optionalText(
  appFormMessages.description,
  limits.descriptionMaxLength,
  tooLongMessage('Description', limits.descriptionMaxLength),
);

const templateType = z.enum(templateTypes, { error: validationMessages.templateType });

/** Flavor as sent lower-case; other cases are accepted and lower-cased. */
const flavorName = z
  .string({ error: validationMessages.flavor })
  .trim()
  .toLowerCase()
  .pipe(z.enum(flavorKeys as [FlavorKey, ...FlavorKey[]], { error: validationMessages.flavor }));

/** Volume type as sent upper-case; other cases are accepted and upper-cased. */
const volumeType = z
  .string({ error: required })
  .trim()
  .toUpperCase()
  .pipe(z.enum(volumeTypes, { error: appFormMessages.volumeType }));

const templateName = optionalText(
  appFormMessages.templateName,
  limits.templateNameMaxLength,
  tooLongMessage('The file name', limits.templateNameMaxLength),
);

const heatFields = {
  flavor_name: flavorName.optional(),
  volume_type: volumeType.optional(),
};

/** Heat needs a flavor and a volume type; other template types carry neither (they are dropped). */
function heatRules<
  T extends { template_type: (typeof templateTypes)[number]; flavor_name?: FlavorKey | undefined },
>(body: T & { volume_type?: string | undefined }, context: z.RefinementCtx) {
  if (body.template_type !== 'HEAT') return;
  if (body.flavor_name === undefined) {
    context.addIssue({ code: 'custom', path: ['flavor_name'], message: validationMessages.flavor });
  }
  if (body.volume_type === undefined) {
    context.addIssue({ code: 'custom', path: ['volume_type'], message: required });
  }
}

function dropHeatFieldsUnlessHeat<
  T extends { template_type: string; flavor_name?: unknown; volume_type?: unknown },
>(body: T): T {
  if (body.template_type === 'HEAT') return body;
  const copy = { ...body };
  delete copy.flavor_name;
  delete copy.volume_type;
  return copy;
}

/**
 * The text fields of `POST /meridian/v1/kube/apps` (spec "The calls it makes" multipart): the `template` part (file
 * or basic settings JSON) is checked by the template modules.
 */
export const appCreateFieldsSchema = z
  .object({
    name: appName,
    description,
    version_name: versionName,
    smart_cluster_uuid: z
      .string({ error: validationMessages.cluster })
      .trim()
      .pipe(idField(validationMessages.cluster)),
    template_type: templateType,
    template_name: templateName,
    /** The organisation that will own the app; its smart cluster must be the organisation's too. */
    organization_uuid: z
      .string({ error: organizationMessages.notMember })
      .trim()
      .pipe(idField(organizationMessages.notMember))
      .optional(),
    ...heatFields,
  })
  .superRefine(heatRules)
  .transform(dropHeatFieldsUnlessHeat);

export type AppCreateFields = z.output<typeof appCreateFieldsSchema>;

/** The text fields of `POST /apps/{appId}/versions` (spec "The calls it makes"): name, type, Heat flavor/volume. */
export const versionCreateFieldsSchema = z
  .object({
    name: versionName,
    template_type: templateType,
    template_name: templateName,
    /** The version a Basic secret's `keep` takes its value from (issue 36); default the newest. */
    from_version_uuid: z
      .string({ error: validationMessages.versionSelect })
      .trim()
      .pipe(idField(validationMessages.versionSelect))
      .optional(),
    ...heatFields,
  })
  .superRefine(heatRules)
  .transform(dropHeatFieldsUnlessHeat);

export type VersionCreateFields = z.output<typeof versionCreateFieldsSchema>;

/** `PUT /apps/{appId}` (multipart): name or description; the name stays required if sent. */
export const appUpdateFieldsSchema = z
  .object({ name: appName.optional(), description })
  .refine((body) => body.name !== undefined || body.description !== undefined, {
    message: appFormMessages.nothingToUpdate,
  });

/** `PUT /apps/versions/{versionId}`: body {name}. */
export const versionUpdateSchema = z.object({ name: versionName });

export type BasicTemplateFieldResult =
  | { ok: true; settings: BasicTemplateSettings }
  | { ok: false; errors: { path: string; message: string }[] };

/** Parses the multipart `template` JSON string of a Kubernetes Basic app or version. */
export function parseBasicTemplateField(text: string): BasicTemplateFieldResult {
  const parsed = parseJsonSafely(text, { maxLength: templateMaxBytes, maxDepth: 4 });
  if (!parsed.ok) {
    return { ok: false, errors: [{ path: 'template', message: appFormMessages.templateJson }] };
  }
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, errors: [{ path: 'template', message: appFormMessages.templateJson }] };
  }
  const result = basicTemplateSettingsSchema.safeParse(value);
  if (result.success) return { ok: true, settings: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    })),
  };
}
