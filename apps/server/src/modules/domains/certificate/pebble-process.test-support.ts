import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../../platform/dns/powerdns-process.test-support';

/** A throwaway Pebble (Let's Encrypt's test CA) on loopback: /work/shared/recipes/pebble-acme.md. */

export const pebbleBinary = '/usr/bin/pebble';
export const pebbleInstalled = fs.existsSync(pebbleBinary);
const run = promisify(execFile);

export interface Pebble {
  directoryUrl: string;
  /** The CA of Pebble's own TLS (MERIDIAN_ACME_CA_FILE), not of what it issues. */
  tlsCaFile: string;
  dir: string;
  /** GET on the management listener (`/roots/0`, `/intermediates/0`). */
  management(pathname: string): Promise<string>;
  stop(): Promise<void>;
}

/** Pebble's TLS certificate for 127.0.0.1, from a throwaway CA, made with openssl. */
async function makeTlsCertificate(dir: string): Promise<void> {
  const at = (name: string) => path.join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  await run('openssl', [
    'req',
    '-x509',
    ...ec,
    '-keyout',
    at('tls-ca.key'),
    '-out',
    at('tls-ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=test CA for pebble TLS',
  ]);
  await run('openssl', [
    'req',
    ...ec,
    '-keyout',
    at('tls.key'),
    '-out',
    at('tls.csr'),
    '-subj',
    '/CN=localhost',
  ]);
  await writeFile(
    at('tls.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n' +
      'keyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n',
  );
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    at('tls.csr'),
    '-CA',
    at('tls-ca.pem'),
    '-CAkey',
    at('tls-ca.key'),
    '-CAcreateserial',
    '-out',
    at('tls.pem'),
    '-days',
    '2',
    '-extfile',
    at('tls.ext'),
  ]);
}

/**
 * Starts Pebble validating against `dnsPort` on loopback: real validation (never
 * PEBBLE_VA_ALWAYS_VALID) and its default nonce rejections; only its sleeps are off.
 */
export async function startPebble(dnsPort: number): Promise<Pebble> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'meridian-pebble-'));
  await makeTlsCertificate(dir);
  const [api, management, http, tls] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const config = {
    pebble: {
      listenAddress: `127.0.0.1:${api}`,
      managementListenAddress: `127.0.0.1:${management}`,
      certificate: path.join(dir, 'tls.pem'),
      privateKey: path.join(dir, 'tls.key'),
      httpPort: http,
      tlsPort: tls,
      ocspResponderURL: '',
      externalAccountBindingRequired: false,
    },
  };
  await writeFile(path.join(dir, 'pebble-config.json'), JSON.stringify(config));
  const env: NodeJS.ProcessEnv = { ...process.env, PEBBLE_VA_NOSLEEP: '1' };
  delete env.PEBBLE_VA_ALWAYS_VALID;
  const child = spawn(
    pebbleBinary,
    ['-config', path.join(dir, 'pebble-config.json'), '-dnsserver', `127.0.0.1:${dnsPort}`],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-8000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ca = fs.readFileSync(path.join(dir, 'tls-ca.pem'));
  const get = (url: string) =>
    new Promise<string>((resolve, reject) => {
      https
        .get(url, { ca }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () =>
            response.statusCode === 200
              ? resolve(body)
              : reject(new Error(`${url}: ${response.statusCode}`)),
          );
        })
        .on('error', reject);
    });
  const stop = async () => {
    // Stopped by its own pid, never by name.
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  const directoryUrl = `https://127.0.0.1:${api}/dir`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const up = await get(directoryUrl).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`pebble did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    directoryUrl,
    tlsCaFile: path.join(dir, 'tls-ca.pem'),
    dir,
    management: (pathname) => get(`https://127.0.0.1:${management}${pathname}`),
    stop,
  };
}
