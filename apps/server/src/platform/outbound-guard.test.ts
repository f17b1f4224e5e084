import http from 'node:http';
import type { LookupAddress } from 'node:dns';
import type { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  checkClusterEndpoint,
  endpointRefusedCode,
  guardConnections,
  guardedLookup,
  type ClusterEndpointPolicy,
  type ResolveHost,
} from './outbound-guard';

const strict: ClusterEndpointPolicy = { allowPrivate: false };
const lenient: ClusterEndpointPolicy = { allowPrivate: true };
const never = (address: string) =>
  `The cluster API address ${address} is a link-local or cloud metadata address, which Meridian never connects to.`;
const privately = (address: string, says: string) =>
  `The cluster API address ${address} ${says}; Meridian connects to private or loopback addresses only when MERIDIAN_ALLOW_PRIVATE_CLUSTERS=1 is set.`;
const reserved = (address: string, says: string) =>
  `The cluster API address ${address} ${says}; Meridian connects to such addresses only when MERIDIAN_ALLOW_PRIVATE_CLUSTERS=1 is set.`;
const check = (server: string, policy: ClusterEndpointPolicy) =>
  checkClusterEndpoint(server, policy).then((result) => (result.ok ? 'ok' : result.reason));

describe('checkClusterEndpoint on literal addresses', () => {
  // [server, without the switch, with it]
  const table: [string, string, string][] = [
    [
      'https://203.0.113.7:6443',
      reserved('203.0.113.7', 'is a multicast, broadcast or reserved address'),
      'ok',
    ],
    ['https://8.8.8.8:6443', 'ok', 'ok'],
    ['https://[2606:4700::1111]:6443', 'ok', 'ok'],
    ['http://169.254.169.254', never('169.254.169.254'), never('169.254.169.254')],
    ['https://169.254.10.1:6443', never('169.254.10.1'), never('169.254.10.1')],
    ['https://[fe80::1]:6443', never('fe80::1'), never('fe80::1')],
    ['http://[fd00:ec2::254]', never('fd00:ec2::254'), never('fd00:ec2::254')],
    ['http://100.100.100.200', never('100.100.100.200'), never('100.100.100.200')],
    ['http://192.0.0.192', never('192.0.0.192'), never('192.0.0.192')],
    ['https://127.0.0.1:6443', privately('127.0.0.1', 'is a loopback address'), 'ok'],
    ['https://127.8.9.10:6443', privately('127.8.9.10', 'is a loopback address'), 'ok'],
    ['https://[::1]:6443', privately('::1', 'is a loopback address'), 'ok'],
    ['https://10.0.0.5:6443', privately('10.0.0.5', 'is in a private network'), 'ok'],
    ['https://172.20.1.1:6443', privately('172.20.1.1', 'is in a private network'), 'ok'],
    ['https://192.168.1.10:6443', privately('192.168.1.10', 'is in a private network'), 'ok'],
    ['https://100.64.3.4:6443', privately('100.64.3.4', 'is in a private network'), 'ok'],
    ['https://[fd12:3456::1]:6443', privately('fd12:3456::1', 'is in a private network'), 'ok'],
    [
      'https://0.0.0.0:6443',
      reserved('0.0.0.0', 'is an unspecified address (0.0.0.0/8 or ::)'),
      'ok',
    ],
    ['https://[::]:6443', reserved('::', 'is an unspecified address (0.0.0.0/8 or ::)'), 'ok'],
    [
      'https://224.0.0.1',
      reserved('224.0.0.1', 'is a multicast, broadcast or reserved address'),
      'ok',
    ],
    [
      'https://255.255.255.255',
      reserved('255.255.255.255', 'is a multicast, broadcast or reserved address'),
      'ok',
    ],
    // The URL parser's own spellings of 127.0.0.1 are classified as what they are.
    ['http://2130706433', privately('127.0.0.1', 'is a loopback address'), 'ok'],
    ['http://0x7f.1', privately('127.0.0.1', 'is a loopback address'), 'ok'],
  ];

  it.each(table)('%s', async (server, withoutSwitch, withSwitch) => {
    expect(await check(server, strict)).toBe(withoutSwitch);
    expect(await check(server, lenient)).toBe(withSwitch);
  });

  it('unwraps IPv4-mapped and translated IPv6 before classifying', async () => {
    expect(await check('https://[::ffff:127.0.0.1]:6443', strict)).toBe(
      privately('::ffff:7f00:1 (127.0.0.1)', 'is a loopback address'),
    );
    expect(await check('https://[::ffff:127.0.0.1]:6443', lenient)).toBe('ok');
    expect(await check('http://[::ffff:169.254.169.254]', lenient)).toBe(
      never('::ffff:a9fe:a9fe (169.254.169.254)'),
    );
    expect(await check('http://[::ffff:10.1.2.3]', strict)).toMatch(/is in a private network/);
    expect(await check('http://[::ffff:8.8.8.8]', strict)).toBe('ok');
    // NAT64, 6to4, SIIT and IPv4-compatible forms still reach the metadata service.
    for (const host of [
      '64:ff9b::a9fe:a9fe',
      '2002:a9fe:a9fe::1',
      '::ffff:0:a9fe:a9fe',
      '::a9fe:a9fe',
    ]) {
      expect(await check(`http://[${host}]`, lenient)).toBe(never(host));
    }
  });

  it('lets a trusted origin through exactly, whatever its address', async () => {
    const policy = { allowPrivate: false, trustedOrigins: ['https://127.0.0.1:41234'] };
    expect(await check('https://127.0.0.1:41234/clusters/abc', policy)).toBe('ok');
    expect(await check('https://127.0.0.1:41235', policy)).toMatch(/is a loopback address/);
    expect(await check('http://127.0.0.1:41234', policy)).toMatch(/is a loopback address/);
  });

  it('says so when the address is not a URL', async () => {
    expect(await checkClusterEndpoint('not a url', lenient)).toEqual({
      ok: false,
      reason: 'The cluster API address in the kubeconfig is not a valid URL.',
      refused: true,
    });
  });
});

describe('checkClusterEndpoint on host names', () => {
  const hosts: Record<string, string[]> = {
    'api.example.ca': ['8.8.4.4', '2606:4700::1111'],
    'mixed.example.ca': ['8.8.4.4', '10.0.0.5'],
    'imds.example.ca': ['8.8.4.4', '169.254.169.254'],
    'mapped.example.ca': ['::ffff:127.0.0.1'],
    'garbage.example.ca': ['not-an-address'],
  };
  const resolve: ResolveHost = async (host) => {
    const found = hosts[host];
    if (!found)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  };
  const policy = (allowPrivate: boolean): ClusterEndpointPolicy => ({ allowPrivate, resolve });

  it('allows a name when every one of its addresses passes', async () => {
    expect(await check('https://API.example.ca.:6443', policy(false))).toBe('ok');
  });

  it('refuses a name when any one of its addresses is refused', async () => {
    expect(await check('https://mixed.example.ca', policy(false))).toBe(
      'The cluster API address 10.0.0.5, which mixed.example.ca resolves to, is in a private network; Meridian connects to private or loopback addresses only when MERIDIAN_ALLOW_PRIVATE_CLUSTERS=1 is set.',
    );
    expect(await check('https://mixed.example.ca', policy(true))).toBe('ok');
    expect(await check('https://imds.example.ca', policy(true))).toBe(
      'The cluster API address 169.254.169.254, which imds.example.ca resolves to, is a link-local or cloud metadata address, which Meridian never connects to.',
    );
    expect(await check('https://mapped.example.ca', policy(false))).toMatch(
      /^The cluster API address ::ffff:127\.0\.0\.1 \(127\.0\.0\.1\), which mapped\.example\.ca resolves to, is a loopback address;/,
    );
  });

  it('refuses metadata host names without resolving them', async () => {
    let resolved = false;
    const watching = { allowPrivate: true, resolve: async () => ((resolved = true), ['8.8.8.8']) };
    for (const host of ['metadata.google.internal', 'METADATA.google.internal.', 'metadata']) {
      expect(await check(`http://${host}/computeMetadata/v1/`, watching)).toBe(
        `The cluster API host ${host.toLowerCase().replace(/\.$/, '')} is a cloud metadata service, which Meridian never connects to.`,
      );
    }
    expect(resolved).toBe(false);
  });

  it('gives a sentence when the name does not resolve, and says it may heal', async () => {
    const sentence =
      'The cluster API host nowhere.example.ca cannot be resolved to an address; check the server address in the kubeconfig.';
    expect(await checkClusterEndpoint('https://nowhere.example.ca', policy(true))).toEqual({
      ok: false,
      reason: sentence,
      refused: false,
    });
    expect(await check('https://garbage.example.ca', policy(true))).toBe(
      sentence.replace('nowhere', 'garbage'),
    );
    const slow = {
      allowPrivate: true,
      resolveTimeoutMs: 50,
      resolve: () => new Promise<string[]>(() => {}),
    };
    expect(await check('https://slow.example.ca', slow)).toBe(
      'The cluster API host slow.example.ca did not resolve in time; try again, or check the server address in the kubeconfig.',
    );
  });

  it('resolves with the system resolver when none is given', async () => {
    expect(await check('http://localhost:6443', strict)).toMatch(
      /^The cluster API address (127\.0\.0\.1|::1), which localhost resolves to, is a loopback address;/,
    );
  });
});

describe('the guard on sockets', () => {
  const lookupWith = (
    policy: ClusterEndpointPolicy,
    host: string,
    options: { all?: boolean; family?: number },
  ) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[] }>(
      (settle) =>
        guardedLookup(policy)(host, options, (error, address) => settle({ error, address })),
    );

  it('looks up only allowed addresses, in the shape the socket asked for', async () => {
    const resolve = async () => ['8.8.4.4', '2606:4700::1111'];
    expect(
      await lookupWith({ allowPrivate: false, resolve }, 'api.example.ca', { all: true }),
    ).toEqual({
      error: null,
      address: [
        { address: '8.8.4.4', family: 4 },
        { address: '2606:4700::1111', family: 6 },
      ],
    });
    expect(
      await lookupWith({ allowPrivate: false, resolve }, 'api.example.ca', { family: 6 }),
    ).toEqual({
      error: null,
      address: '2606:4700::1111',
    });
    const refused = await lookupWith(
      { allowPrivate: true, resolve: async () => ['169.254.169.254'] },
      'x.test',
      {},
    );
    expect(refused.error?.code).toBe(endpointRefusedCode);
  });

  it('never opens a connection to a refused literal address', async () => {
    const agent = new http.Agent();
    const dialled: string[] = [];
    agent.createConnection = (options) => {
      dialled.push(String(options.host));
      return undefined;
    };
    guardConnections(agent, lenient);
    const socket = agent.createConnection({ host: '169.254.169.254', port: 80 }) as Duplex;
    const error = await new Promise<NodeJS.ErrnoException>((settle) => socket.on('error', settle));
    expect([error.code, error.message]).toEqual([endpointRefusedCode, never('169.254.169.254')]);
    agent.createConnection({ host: '10.0.0.5', port: 80 });
    expect(dialled).toEqual(['10.0.0.5']);
  });
});
