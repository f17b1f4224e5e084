import { describe, expect, it } from 'vitest';
import { checkHeatTemplate, heatTemplateMessages } from './heat-template';
import { yamlMessages } from '../parsing/safe-yaml';
import { meridianHeatParameters } from './heat-stack';

// The spec's five parameters with no defaults: Meridian sets every one of them.
const parameters = meridianHeatParameters.map((name) => `  ${name}:\n    type: string`).join('\n');
const valid = `heat_template_version: 2018-08-31\nparameters:\n${parameters}\nresources: {}\n`;

function errorsOf(text: string): string[] {
  const result = checkHeatTemplate(text);
  return result.ok ? [] : result.errors;
}

describe('checkHeatTemplate', () => {
  it('accepts the five parameters without defaults (Meridian sets them all)', () => {
    const result = checkHeatTemplate(valid);
    expect(result.ok).toBe(true);
    expect(result.ok && result.template.heat_template_version).toBe('2018-08-31');
  });

  it('names each missing parameter', () => {
    const text = `heat_template_version: 2018-08-31
parameters:
  keypair_name: {type: string}
  image_name: {type: string, default: ubuntu-24.04}
`;
    expect(errorsOf(text)).toEqual([
      'The Heat template needs the parameter external_network_id',
      'The Heat template needs the parameter flavor_id',
      'The Heat template needs the parameter volume_type',
    ]);
  });

  it('requires heat_template_version and a parameters section', () => {
    expect(errorsOf('resources: {}\n')).toEqual([
      heatTemplateMessages.version,
      heatTemplateMessages.parameters,
      ...meridianHeatParameters.map((name) => heatTemplateMessages.parameter(name)),
    ]);
    expect(errorsOf(valid.replace('2018-08-31', '""'))).toEqual([heatTemplateMessages.version]);
  });

  it('refuses non-mappings, several documents and broken YAML', () => {
    expect(errorsOf('- a\n- b\n')).toEqual([heatTemplateMessages.notMapping]);
    expect(errorsOf(`${valid}---\n${valid}`)).toEqual([heatTemplateMessages.singleDocument]);
    expect(errorsOf('heat_template_version: [\n')[0]).toMatch(/^Document 1: /);
    expect(errorsOf('  ')).toEqual([yamlMessages.empty]);
  });

  it('refuses an alias bomb quickly', () => {
    const levels = ['a: &a [x,x,x,x,x,x,x,x,x,x]'];
    for (let i = 1; i < 10; i++) {
      levels.push(
        `l${i}: &l${i} [${Array(10)
          .fill(i === 1 ? '*a' : `*l${i - 1}`)
          .join(',')}]`,
      );
    }
    const started = Date.now();
    expect(errorsOf(`${valid}${levels.join('\n')}\n`)).toEqual([
      `Document 1: ${yamlMessages.aliases}`,
    ]);
    expect(Date.now() - started).toBeLessThan(200);
  });
});
