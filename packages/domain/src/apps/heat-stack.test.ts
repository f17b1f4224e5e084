import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { heatParameterMessages, heatTemplateObject, resolveHeatParameters } from './heat-stack';
import { checkHeatTemplate } from './heat-template';
import { sampleHeatTemplate } from './sample-templates';

function template(parameters: string): Record<string, unknown> {
  return parse(`heat_template_version: 2018-08-31\nparameters:\n${parameters}`) as Record<
    string,
    unknown
  >;
}

const known = {
  keypair_name: 'meridian-1234',
  external_network_id: 'ext-net-ca-montreal',
  flavor_id: 'small',
  image_name: 'ubuntu-24.04',
  volume_type: 'HDD',
};

describe('resolveHeatParameters', () => {
  it('gives Meridian’s values first (the image: the template’s default first), then defaults', () => {
    const declared = template(`
  keypair_name: {type: string}
  external_network_id: {type: string, default: public}
  flavor_id: {type: string, default: m1.tiny}
  image_name: {type: string, default: debian-13}
  volume_size: {type: number, default: 50}
  zones: {type: comma_delimited_list, default: [a, b]}
  tags: {type: json, default: {team: web}}
`);
    expect(resolveHeatParameters(declared, known)).toEqual({
      parameters: {
        keypair_name: 'meridian-1234',
        external_network_id: 'ext-net-ca-montreal',
        flavor_id: 'small',
        image_name: 'debian-13',
        volume_size: '50',
        zones: 'a,b',
        tags: '{"team":"web"}',
      },
      errors: [],
    });
  });

  it('names a parameter that has neither a value from Meridian nor a default', () => {
    const declared = template(`
  db_password: {type: string, hidden: true}
  volume_type: {type: string}
`);
    const resolved = resolveHeatParameters(declared, {});
    expect(resolved.errors).toEqual([
      'The Heat template needs a value for parameter "db_password", and it has no default.',
      'The Heat template needs a value for parameter "volume_type", and it has no default.',
    ]);
    // While a version is created, Meridian's own parameters not known yet are left for later.
    expect(resolveHeatParameters(declared, {}, true).errors).toEqual([
      heatParameterMessages.noValue('db_password'),
    ]);
  });

  it('checks allowed_values, length, range and numbers, never echoing a hidden value', () => {
    const declared = template(`
  flavor_id:
    type: string
    constraints:
      - allowed_values: [m1.small, m1.large]
  db_password:
    type: string
    hidden: true
    default: abc
    constraints:
      - length: {min: 8}
  volume_size:
    type: number
    default: 500
    constraints:
      - range: {min: 10, max: 100}
  replicas: {type: number, default: many}
  zones:
    type: comma_delimited_list
    default: a,b
    constraints:
      - allowed_values: [a, b, c]
`);
    expect(resolveHeatParameters(declared, known).errors).toEqual([
      'The Heat template allows parameter "flavor_id" only "m1.small", "m1.large", not "small".',
      'The Heat template needs parameter "db_password" to be at least 8 characters long.',
      'The Heat template needs parameter "volume_size" to be from 10 to 100, not "500".',
      'The Heat template needs a number for parameter "replicas", not "many".',
    ]);
    expect(
      resolveHeatParameters(declared, { ...known, flavor_id: 'm1.large' }).errors,
    ).not.toContainEqual(expect.stringContaining('flavor_id'));
  });

  it('refuses a declaration that is not a mapping', () => {
    expect(resolveHeatParameters(template('  keypair_name: string\n'), known).errors).toEqual([
      heatParameterMessages.declaration('keypair_name'),
    ]);
  });

  it('survives YAML aliases that make a default or allowed values circular', () => {
    const declared = heatTemplateObject(`heat_template_version: 2018-08-31
parameters:
  tags: {type: json, default: &x [*x]}
  zone: {type: string, default: a, constraints: [{allowed_values: &y [a, *y]}]}
`);
    expect(resolveHeatParameters(declared, known)).toEqual({
      parameters: { zone: 'a' },
      errors: [heatParameterMessages.noValue('tags')],
    });
  });

  it('resolves the sample template from Meridian’s values and its defaults', () => {
    expect(resolveHeatParameters(heatTemplateObject(sampleHeatTemplate), known)).toEqual({
      parameters: {
        keypair_name: 'meridian-1234',
        external_network_id: 'ext-net-ca-montreal',
        flavor_id: 'small',
        image_name: 'ubuntu-24.04',
        volume_type: 'HDD',
        volume_size: '50',
      },
      errors: [],
    });
    expect(heatTemplateObject('not: [valid')).toEqual({});
  });
});

describe('checkHeatTemplate on parameters', () => {
  const five = `heat_template_version: 2018-08-31
parameters:
  keypair_name: {type: string}
  external_network_id: {type: string, default: public}
  flavor_id: {type: string, constraints: [{allowed_values: [small, medium]}]}
  image_name: {type: string, default: ubuntu-24.04}
  volume_type: {type: string}
`;

  it('refuses a parameter without a default that Meridian does not set', () => {
    const result = checkHeatTemplate(`${five}  db_password: {type: string}\n`);
    expect(result).toEqual({
      ok: false,
      errors: [heatParameterMessages.noValue('db_password')],
    });
  });

  it('checks the form’s flavor and volume type against the constraints', () => {
    expect(checkHeatTemplate(five, { flavor_id: 'small', volume_type: 'SSD' }).ok).toBe(true);
    expect(checkHeatTemplate(five, { flavor_id: 'mini', volume_type: 'SSD' })).toEqual({
      ok: false,
      errors: [heatParameterMessages.notAllowed('flavor_id', '"mini"', ['small', 'medium'])],
    });
  });
});
