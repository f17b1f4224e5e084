import { describe, expect, it } from 'vitest';
import { validationMessages } from '../validation-messages';
import {
  appCreateFieldsSchema,
  appFormMessages,
  appUpdateFieldsSchema,
  parseBasicTemplateField,
  versionCreateFieldsSchema,
  versionUpdateSchema,
} from './app-form';
import { basicTemplateMessages } from './basic-template';

const basicApp = {
  name: '  Shop  ',
  description: '  The shop  ',
  version_name: ' v1 ',
  smart_cluster_uuid: '6f1c2a9e-3b4d-4e5f-8a6b-7c8d9e0f1a2b',
  template_type: 'KUBERNETES_BASIC',
  template_name: 'Shop.yaml',
};

const heatApp = {
  ...basicApp,
  template_type: 'HEAT',
  template_name: 'stack.yaml',
  flavor_name: 'mini',
  volume_type: 'SSD',
};

function messagesOf(
  schema: typeof appCreateFieldsSchema | typeof versionCreateFieldsSchema,
  input: unknown,
) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('appCreateFieldsSchema', () => {
  it('trims the fields of a basic app and drops Heat-only fields', () => {
    expect(
      appCreateFieldsSchema.parse({ ...basicApp, flavor_name: 'large', volume_type: 'HDD' }),
    ).toEqual({
      name: 'Shop',
      description: 'The shop',
      version_name: 'v1',
      smart_cluster_uuid: '6f1c2a9e-3b4d-4e5f-8a6b-7c8d9e0f1a2b',
      template_type: 'KUBERNETES_BASIC',
      template_name: 'Shop.yaml',
    });
  });

  it('accepts a Heat app, flavor lower-cased and volume type upper-cased', () => {
    expect(
      appCreateFieldsSchema.parse({ ...heatApp, flavor_name: ' Small ', volume_type: 'hdd' }),
    ).toMatchObject({ template_type: 'HEAT', flavor_name: 'small', volume_type: 'HDD' });
  });

  it('gives the spec messages for the required fields', () => {
    expect(messagesOf(appCreateFieldsSchema, {})).toEqual({
      name: validationMessages.name,
      version_name: validationMessages.version,
      smart_cluster_uuid: validationMessages.cluster,
      template_type: validationMessages.templateType,
    });
    expect(
      messagesOf(appCreateFieldsSchema, {
        ...basicApp,
        name: '   ',
        version_name: ' ',
        smart_cluster_uuid: '',
        template_type: 'DOCKER',
      }),
    ).toEqual({
      name: validationMessages.name,
      version_name: validationMessages.version,
      smart_cluster_uuid: validationMessages.cluster,
      template_type: validationMessages.templateType,
    });
  });

  it('limits the name to 50 and the version to 20 characters, after trimming', () => {
    expect(
      appCreateFieldsSchema.safeParse({ ...basicApp, name: ` ${'a'.repeat(50)} ` }).success,
    ).toBe(true);
    expect(messagesOf(appCreateFieldsSchema, { ...basicApp, name: 'a'.repeat(51) })).toEqual({
      name: appFormMessages.nameTooLong,
    });
    expect(
      appCreateFieldsSchema.safeParse({ ...basicApp, version_name: 'v'.repeat(20) }).success,
    ).toBe(true);
    expect(
      messagesOf(appCreateFieldsSchema, { ...basicApp, version_name: 'v'.repeat(21) }),
    ).toEqual({
      version_name: appFormMessages.versionTooLong,
    });
  });

  it('requires a known flavor and a volume type for Heat', () => {
    const { flavor_name, volume_type, ...bare } = heatApp;
    void flavor_name;
    void volume_type;
    expect(messagesOf(appCreateFieldsSchema, bare)).toEqual({
      flavor_name: validationMessages.flavor,
      volume_type: validationMessages.required,
    });
    expect(
      messagesOf(appCreateFieldsSchema, { ...heatApp, flavor_name: 'huge', volume_type: 'NVME' }),
    ).toEqual({ flavor_name: validationMessages.flavor, volume_type: appFormMessages.volumeType });
  });

  it('leaves description optional', () => {
    const { description, ...rest } = basicApp;
    void description;
    expect(appCreateFieldsSchema.parse(rest).description).toBeUndefined();
  });
});

describe('versionCreateFieldsSchema, updates', () => {
  it('validates a version: name ≤ 20 trimmed, type, Heat fields', () => {
    expect(
      versionCreateFieldsSchema.parse({ name: ' v2 ', template_type: 'KUBERNETES_ADVANCED' }),
    ).toEqual({ name: 'v2', template_type: 'KUBERNETES_ADVANCED' });
    expect(messagesOf(versionCreateFieldsSchema, { name: '', template_type: 'HEAT' })).toEqual({
      name: validationMessages.version,
      flavor_name: validationMessages.flavor,
      volume_type: validationMessages.required,
    });
    expect(
      versionCreateFieldsSchema.parse({
        name: 'v3',
        template_type: 'HEAT',
        flavor_name: 'LARGE',
        volume_type: 'ssd',
      }),
    ).toMatchObject({ flavor_name: 'large', volume_type: 'SSD' });
  });

  it('updates an app by name or description and a version by name', () => {
    expect(appUpdateFieldsSchema.parse({ name: ' New ' })).toEqual({ name: 'New' });
    expect(appUpdateFieldsSchema.parse({ description: '  ' })).toEqual({ description: '' });
    expect(appUpdateFieldsSchema.safeParse({ name: '  ' }).error?.issues[0]?.message).toBe(
      validationMessages.name,
    );
    expect(appUpdateFieldsSchema.safeParse({}).error?.issues[0]?.message).toBe(
      appFormMessages.nothingToUpdate,
    );
    expect(versionUpdateSchema.parse({ name: ' v9 ' })).toEqual({ name: 'v9' });
    expect(versionUpdateSchema.safeParse({ name: '' }).error?.issues[0]?.message).toBe(
      validationMessages.version,
    );
  });
});

describe('parseBasicTemplateField', () => {
  it('parses the JSON settings', () => {
    const result = parseBasicTemplateField(
      JSON.stringify({
        deploymentImage: ' nginx ',
        deploymentReplicas: 1,
        deploymentTargetPort: 80,
        deploymentPort: 80,
        dockerRegistryType: 'public',
      }),
    );
    expect(result).toMatchObject({ ok: true, settings: { deploymentImage: 'nginx' } });
  });

  it('refuses broken JSON and non-objects, and lists the field errors', () => {
    for (const text of ['{', '[]', '"x"', 'null']) {
      expect(parseBasicTemplateField(text)).toEqual({
        ok: false,
        errors: [{ path: 'template', message: appFormMessages.templateJson }],
      });
    }
    const result = parseBasicTemplateField(
      JSON.stringify({
        deploymentImage: 'nginx',
        deploymentReplicas: 0,
        deploymentTargetPort: 80,
        deploymentPort: 80,
      }),
    );
    expect(result).toEqual({
      ok: false,
      errors: [{ path: 'deploymentReplicas', message: basicTemplateMessages.replicas }],
    });
  });
});
