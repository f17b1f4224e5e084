import { createHash } from 'node:crypto';
import {
  heatParametersOf,
  heatTemplateObject,
  type HeatParameter,
} from '@meridian/domain/apps/heat-stack';
import type { StackOutput, StackParameter } from '@meridian/domain/apps/stack-output';
import { isRecord } from '@meridian/domain/parsing/safe-yaml';
import {
  PermanentDriverError,
  type ClusterSpec,
  type CreatedStack,
  type HeatCatalogue,
  type StackSpec,
} from '../infrastructure-driver';

// Documentation ranges (RFC 5737) the simulator's clusters use too: public addresses (floating
// IPs, the stack's endpoint) from the second, servers behind a floating IP from the third.
const publicPrefix = '198.51.100.';
const serverPrefix = '203.0.113.';
const hostsPerRange = 254;
// Outputs nested deeper than this, or past this many values in all, are not resolved: the
// template is the user's, and YAML aliases can make its outputs circular.
const maxDepth = 32;
const maxValues = 10_000;

/** What resolving a stack's outputs reads: its spec, resources, parameters and addresses. */
interface StackContext {
  stack: StackSpec;
  resources: Record<string, unknown>;
  parameters: Map<string, HeatParameter>;
  addresses: Map<string, string>;
  /** Values still to be resolved before the rest of the outputs resolve to null. */
  budget: number;
}

function refused(stack: StackSpec, reason: string): PermanentDriverError {
  return new PermanentDriverError(`Heat refused the stack ${stack.name}: ${reason}`);
}

function digest(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

/** An address that stays the same for the same key, so a re-run of the creation answers alike. */
function addressFor(prefix: string, key: string, taken: Set<string>): string {
  let host = 1 + (digest(key).readUInt32BE(0) % hostsPerRange);
  for (let tries = 0; tries < hostsPerRange && taken.has(`${prefix}${host}`); tries++) {
    host = (host % hostsPerRange) + 1;
  }
  taken.add(`${prefix}${host}`);
  return `${prefix}${host}`;
}

/** A resource's physical id, a UUID stable for the deployment. */
function physicalId(stack: StackSpec, resource: string): string {
  const hex = digest(`${stack.deploymentId}/${resource}`).toString('hex');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20, 32),
  ].join('-');
}

function resourceNamesOf(resources: Record<string, unknown>, type: string): string[] {
  return Object.keys(resources).filter((name) => {
    const resource = resources[name];
    return isRecord(resource) && resource.type === type;
  });
}

/**
 * Addresses of the stack's floating IPs and servers; the endpoint is the first floating IP (else
 * the first server, else one of the stack's own), what DNS names of the deployment point at.
 */
function planAddresses(stack: StackSpec, resources: Record<string, unknown>) {
  const floating = resourceNamesOf(resources, 'OS::Neutron::FloatingIP');
  const servers = resourceNamesOf(resources, 'OS::Nova::Server');
  const taken = new Set<string>();
  const addresses = new Map<string, string>();
  const key = (name: string) => `${stack.deploymentId}/${name}`;
  for (const name of floating) addresses.set(name, addressFor(publicPrefix, key(name), taken));
  const serverRange = floating.length > 0 ? serverPrefix : publicPrefix;
  for (const name of servers) addresses.set(name, addressFor(serverRange, key(name), taken));
  const first = floating[0] ?? servers[0];
  const endpoint = first
    ? addresses.get(first)!
    : addressFor(publicPrefix, stack.deploymentId, taken);
  return { addresses, endpoint };
}

function textOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return null; // circular through YAML aliases: no value to show
  }
}

/** Follows a get_attr or get_param path into a list or a map; null where it leads nowhere. */
function follow(value: unknown, path: readonly unknown[]): unknown {
  let current = value;
  for (const key of path) {
    if (Array.isArray(current) && typeof key === 'number') current = current[key];
    else if (isRecord(current) && (typeof key === 'string' || typeof key === 'number')) {
      current = current[String(key)];
    } else return null;
  }
  return current ?? null;
}

/** A parameter's value as Heat hands it to the template: lists split, JSON and numbers parsed. */
function typedParameter(parameter: HeatParameter, text: string): unknown {
  if (parameter.type === 'comma_delimited_list') return text.split(',');
  if (parameter.type === 'number') return Number(text);
  if (parameter.type !== 'json') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function getParam(context: StackContext, args: unknown): unknown {
  const [name, ...path] = Array.isArray(args) ? args : [args];
  const parameter = typeof name === 'string' ? context.parameters.get(name) : undefined;
  if (!parameter) {
    throw refused(
      context.stack,
      `an output reads parameter "${String(name)}", which the template does not declare.`,
    );
  }
  const text = context.stack.parameters[parameter.name] ?? parameter.defaultValue;
  return text === undefined ? null : follow(typedParameter(parameter, text), path);
}

function declaredResource(context: StackContext, name: unknown): Record<string, unknown> {
  const resource = typeof name === 'string' ? context.resources[name] : undefined;
  if (!isRecord(resource)) {
    throw refused(
      context.stack,
      `an output refers to resource "${String(name)}", which the template does not define.`,
    );
  }
  return resource;
}

/** The network a server is attached to first, as its `networks` attribute names it. */
function networkOf(context: StackContext, server: Record<string, unknown>, depth: number): string {
  const properties = isRecord(server.properties) ? server.properties : {};
  const first: unknown = Array.isArray(properties.networks) ? properties.networks[0] : undefined;
  const network = isRecord(first) ? resolve(context, first.network, depth + 1) : undefined;
  return typeof network === 'string' && network !== '' ? network : 'private';
}

/** The attributes a simulated server and floating IP have; others resolve to null, as unset. */
function getAttr(context: StackContext, args: unknown, depth: number): unknown {
  if (!Array.isArray(args) || args.length < 2) return null;
  const [name, attribute, ...path] = args as [unknown, unknown, ...unknown[]];
  const resource = declaredResource(context, name);
  const address = context.addresses.get(String(name)) ?? null;
  let value: unknown = null;
  if (resource.type === 'OS::Nova::Server') {
    const network = networkOf(context, resource, depth);
    const attributes: Record<string, unknown> = {
      first_address: address,
      accessIPv4: address,
      networks: { [network]: [address] },
      addresses: { [network]: [{ addr: address, version: 4 }] },
      name: `${context.stack.name}-${String(name)}`,
    };
    value = typeof attribute === 'string' ? (attributes[attribute] ?? null) : null;
  } else if (resource.type === 'OS::Neutron::FloatingIP' && attribute === 'floating_ip_address') {
    value = address;
  }
  return follow(value, path);
}

function strReplace(args: unknown): unknown {
  if (!isRecord(args) || typeof args.template !== 'string') return null;
  const params = isRecord(args.params) ? args.params : {};
  // Longest keys first and in one pass, as Heat does: a key inside another, or inside a value
  // already put in, is not replaced.
  const keys = Object.keys(params)
    .filter((key) => key !== '')
    .sort((a, b) => b.length - a.length);
  if (keys.length === 0) return args.template;
  const pattern = new RegExp(
    keys.map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
    'g',
  );
  return args.template.replace(pattern, (key) => textOf(params[key]) ?? '');
}

function listJoin(args: unknown): unknown {
  if (!Array.isArray(args) || typeof args[0] !== 'string') return null;
  const [delimiter, ...lists] = args as [string, ...unknown[]];
  const items = lists.flatMap((list) => (Array.isArray(list) ? list : []));
  return items.map((item) => textOf(item) ?? '').join(delimiter);
}

// HOT functions the simulation does not evaluate: an output using one has no value.
const unevaluated = new Set(
  [
    'get_file repeat digest str_split map_merge map_replace yaql if equals not and or filter',
    'make_url list_concat list_concat_unique contains resource_facade str_replace_strict',
    'str_replace_vstrict',
  ]
    .join(' ')
    .split(' '),
);

/** An output expression as Heat evaluates it once the stack exists. */
function resolve(context: StackContext, value: unknown, depth = 0): unknown {
  context.budget -= 1;
  if (depth > maxDepth || context.budget < 0) return null;
  if (Array.isArray(value)) return value.map((item) => resolve(context, item, depth + 1));
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  const [only] = keys;
  if (keys.length === 1 && only !== undefined) {
    const raw = value[only];
    if (only === 'get_attr') return getAttr(context, resolve(context, raw, depth + 1), depth);
    if (only === 'get_param') return getParam(context, resolve(context, raw, depth + 1));
    if (only === 'get_resource') {
      declaredResource(context, raw);
      return physicalId(context.stack, String(raw));
    }
    if (only === 'str_replace') return strReplace(resolve(context, raw, depth + 1));
    if (only === 'list_join') return listJoin(resolve(context, raw, depth + 1));
    if (unevaluated.has(only)) return null;
  }
  return Object.fromEntries(keys.map((key) => [key, resolve(context, value[key], depth + 1)]));
}

/** Heat's own refusals of the parameters: one the template does not declare, or lacks. */
function checkParameters(stack: StackSpec, declared: readonly (HeatParameter | string)[]): void {
  const names = new Set(
    declared.map((parameter) => (typeof parameter === 'string' ? parameter : parameter.name)),
  );
  for (const name of Object.keys(stack.parameters)) {
    if (!names.has(name))
      throw refused(stack, `The Parameter (${name}) was not defined in template.`);
  }
  for (const parameter of declared) {
    if (typeof parameter === 'string') continue;
    if (stack.parameters[parameter.name] === undefined && parameter.defaultValue === undefined) {
      throw refused(stack, `The Parameter (${parameter.name}) was not provided.`);
    }
  }
}

/**
 * Creates a stack as a simulated Heat would: the parameters checked, an address for every
 * floating IP and server, and every output of the template resolved.
 */
export function simulateStack(stack: StackSpec): CreatedStack {
  const template = heatTemplateObject(stack.template);
  const declared = heatParametersOf(template);
  checkParameters(stack, declared);
  const resources = isRecord(template.resources) ? template.resources : {};
  const { addresses, endpoint } = planAddresses(stack, resources);
  const parameters = new Map(
    declared.flatMap((parameter) =>
      typeof parameter === 'string' ? [] : [[parameter.name, parameter] as const],
    ),
  );
  const context: StackContext = { stack, resources, parameters, addresses, budget: maxValues };
  const section = isRecord(template.outputs) ? template.outputs : {};
  const outputs: StackOutput[] = Object.entries(section).map(([name, output]) => {
    const declaration = isRecord(output) ? output : {};
    return {
      name,
      value: textOf(resolve(context, declaration.value)),
      description: typeof declaration.description === 'string' ? declaration.description : null,
    };
  });
  return { endpoint, outputs, shownParameters: shownParameters(stack, declared) };
}

/** The values a stack was created with, as Heat's stack show lists them (hidden ones masked). */
function shownParameters(
  stack: StackSpec,
  declared: readonly (HeatParameter | string)[],
): StackParameter[] {
  return declared.flatMap((parameter) => {
    if (typeof parameter === 'string') return [];
    const value = stack.parameters[parameter.name] ?? parameter.defaultValue ?? '';
    return [{ name: parameter.name, value: parameter.hidden ? '******' : value }];
  });
}

/** Every simulated datacenter offers one external network and an Ubuntu LTS image by default. */
export function simulatedHeatCatalogue(spec: ClusterSpec): HeatCatalogue {
  return { externalNetworkId: `ext-net-${spec.datacenter.uuid}`, defaultImage: 'ubuntu-24.04' };
}
