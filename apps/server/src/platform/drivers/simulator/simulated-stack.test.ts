import { sampleHeatTemplate } from '@meridian/domain/apps/sample-templates';
import { describe, expect, it } from 'vitest';
import { PermanentDriverError, type ClusterSpec, type StackSpec } from '../infrastructure-driver';
import { simulateStack } from './simulated-stack';
import { SimulatorDriver } from './simulator-driver';

const webTemplate = `heat_template_version: 2018-08-31
parameters:
  keypair_name: {type: string}
  image_name: {type: string, default: ubuntu-24.04}
  public_net: {type: string, default: public}
  zones: {type: comma_delimited_list, default: "a,b"}
resources:
  server:
    type: OS::Nova::Server
    properties:
      image: {get_param: image_name}
      networks:
        - network: private-net
  floating_ip:
    type: OS::Neutron::FloatingIP
    properties:
      floating_network: {get_param: public_net}
  volume:
    type: OS::Cinder::Volume
outputs:
  public_ip:
    description: Address to reach the site at
    value: {get_attr: [floating_ip, floating_ip_address]}
  server_ip:
    value: {get_attr: [server, first_address]}
  server_networks:
    value: {get_attr: [server, networks, private-net, 0]}
  url:
    description: The site
    value:
      str_replace:
        template: http://host:port/
        params:
          host: {get_attr: [floating_ip, floating_ip_address]}
          port: 8080
  image:
    value: {get_param: image_name}
  first_zone:
    value: {get_param: [zones, 0]}
  joined:
    value: {list_join: [' / ', [{get_param: keypair_name}, plain]]}
  volume_id:
    value: {get_resource: volume}
  motto:
    value: Hello from the stack
  unknown_attribute:
    value: {get_attr: [server, console_urls]}
  not_simulated:
    value: {get_file: http://example.com/x}
`;

function stackOf(template: string, parameters: Record<string, string>): StackSpec {
  return {
    deploymentId: '7f1c2a9e-0000-4000-8000-000000000001',
    name: 'web-7f1c2a9e',
    template,
    parameters,
  };
}

const web = stackOf(webTemplate, { keypair_name: 'meridian-1234', image_name: 'debian-13' });

describe('simulateStack', () => {
  it('resolves every output as Heat would, the floating IP being the endpoint', () => {
    const created = simulateStack(web);
    const byName = new Map(created.outputs.map((output) => [output.name, output]));
    const publicIp = byName.get('public_ip')!.value!;
    expect(publicIp).toMatch(/^198\.51\.100\.\d+$/);
    expect(created.endpoint).toBe(publicIp);
    expect(byName.get('public_ip')!.description).toBe('Address to reach the site at');
    const serverIp = byName.get('server_ip')!.value!;
    expect(serverIp).toMatch(/^203\.0\.113\.\d+$/);
    expect(byName.get('server_networks')!.value).toBe(serverIp);
    expect(byName.get('url')!.value).toBe(`http://${publicIp}:8080/`);
    expect(byName.get('image')!.value).toBe('debian-13');
    expect(byName.get('first_zone')!.value).toBe('a');
    expect(byName.get('joined')!.value).toBe('meridian-1234 / plain');
    expect(byName.get('volume_id')!.value).toMatch(/^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/);
    expect(byName.get('motto')).toEqual({
      name: 'motto',
      value: 'Hello from the stack',
      description: null,
    });
    expect(byName.get('unknown_attribute')!.value).toBeNull();
    expect(byName.get('not_simulated')!.value).toBeNull();
    // In the template's order.
    expect(created.outputs.map((output) => output.name).slice(0, 3)).toEqual([
      'public_ip',
      'server_ip',
      'server_networks',
    ]);
  });

  it('answers the same outputs again for the same deployment (a re-run after a crash)', () => {
    expect(simulateStack(web)).toEqual(simulateStack(web));
  });

  it('gives a server with no floating IP a public address, which is the endpoint', () => {
    const created = simulateStack(
      stackOf(sampleHeatTemplate, {
        keypair_name: 'meridian-1234',
        flavor_id: 'small',
        volume_type: 'SSD',
      }),
    );
    expect(created.outputs).toEqual([
      { name: 'server_ip', value: created.endpoint, description: 'Address of the server' },
    ]);
    expect(created.endpoint).toMatch(/^198\.51\.100\.\d+$/);
  });

  it('refuses what Heat refuses: undeclared or missing parameters, unknown resources', () => {
    const refusal = (stack: StackSpec) => {
      try {
        simulateStack(stack);
      } catch (error) {
        return error instanceof PermanentDriverError ? error.message : String(error);
      }
      return 'created';
    };
    expect(refusal(stackOf(webTemplate, { keypair_name: 'k', flavor_id: 'small' }))).toBe(
      'Heat refused the stack web-7f1c2a9e: The Parameter (flavor_id) was not defined in template.',
    );
    expect(refusal(stackOf(webTemplate, {}))).toBe(
      'Heat refused the stack web-7f1c2a9e: The Parameter (keypair_name) was not provided.',
    );
    const wrongResource = webTemplate.replace('[server, first_address]', '[srv, first_address]');
    expect(refusal(stackOf(wrongResource, { keypair_name: 'k' }))).toBe(
      'Heat refused the stack web-7f1c2a9e: an output refers to resource "srv", which the template does not define.',
    );
    const wrongParameter = webTemplate.replace(
      '{get_param: image_name}\n  first',
      '{get_param: img}\n  first',
    );
    expect(refusal(stackOf(wrongParameter, { keypair_name: 'k' }))).toContain(
      'an output reads parameter "img", which the template does not declare.',
    );
  });

  it('keeps a template with no outputs and stops resolving at deep nesting', () => {
    const bare = 'heat_template_version: 2018-08-31\nresources: {}\n';
    const created = simulateStack(stackOf(bare, {}));
    expect(created.outputs).toEqual([]);
    expect(created.endpoint).toMatch(/^198\.51\.100\.\d+$/);
    const nested = Array.from({ length: 40 }, (_, level) => `${'  '.repeat(level + 3)}a:`);
    const deep = `${bare}outputs:\n  deep:\n    value:\n${nested.join('\n')} x\n`;
    expect(simulateStack(stackOf(deep, {})).outputs[0]!.value).toBe(
      `${'{"a":'.repeat(33)}null${'}'.repeat(33)}`,
    );
  });

  it('resolves an output made circular by YAML aliases quickly, as far as its budget goes', () => {
    const cyclic = 'heat_template_version: 2018-08-31\noutputs:\n  loop:\n    value: &z [*z, *z]\n';
    const started = performance.now();
    const [loop] = simulateStack(stackOf(cyclic, {})).outputs;
    expect(performance.now() - started).toBeLessThan(2000);
    expect(loop!.value).toMatch(/^\[\[\[/);
    expect(loop!.value).toContain('null');
  });
});

describe('SimulatorDriver stacks', () => {
  const spec: ClusterSpec = {
    clusterId: 'c1',
    name: 'edge-ca-montreal',
    datacenter: { uuid: 'ca-montreal', location: 'Montréal' },
    clusterSize: 'mini',
    masterCount: 1,
    minionCount: 1,
  };

  it('creates the stack with its outputs and forgets it once deleted', async () => {
    const driver = new SimulatorDriver({ timeScale: 0, failDatacenters: [] });
    const created = await driver.createStack(spec, web);
    expect(created).toEqual(simulateStack(web));
    expect(driver.stacksOn('c1')).toEqual([{ ...web, ...created }]);
    await driver.deleteStack(spec, web);
    expect(driver.stacksOn('c1')).toEqual([]);
  });
});
