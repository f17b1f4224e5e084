import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deploymentReplicas, parseKubernetesManifests, servicePorts } from './advanced-template';
import { checkHeatTemplate } from './heat-template';
import { sampleHeatTemplate, sampleKubernetesTemplate } from './sample-templates';

describe('sample templates', () => {
  it('the Heat sample passes the Heat check, volume_size 50, wait timeout 7200', () => {
    const result = checkHeatTemplate(sampleHeatTemplate);
    expect(result).toMatchObject({ ok: true });
    const template = parse(sampleHeatTemplate);
    expect(template.heat_template_version).toBe('2018-08-31');
    expect(template.parameters.volume_size.default).toBe(50);
    const types = Object.values(template.resources).map((r) => (r as { type: string }).type);
    expect(types).toEqual(
      expect.arrayContaining(['OS::Nova::Server', 'OS::Cinder::Volume', 'OS::Heat::WaitCondition']),
    );
    expect(template.resources.wait_condition.properties.timeout).toBe(7200);
  });

  it('the Kubernetes sample passes the manifest check, 1 replica, LoadBalancer on 80', () => {
    const result = parseKubernetesManifests(sampleKubernetesTemplate);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.documents.map((document) => document.kind)).toEqual([
      'Namespace',
      'Deployment',
      'Service',
    ]);
    expect(deploymentReplicas(result.documents)).toBe(1);
    const service = result.documents.find((document) => document.kind === 'Service')!;
    expect((service.spec as { type: string }).type).toBe('LoadBalancer');
    expect(servicePorts(result.documents)).toEqual([{ name: 'http', port: 80 }]);
  });
});
