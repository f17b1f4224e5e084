// Builds the control plane's native addon, the DNS responder's batched UDP socket
// (apps/server/src/platform/dns/dns-udp-batch.c), with the machine's C compiler and Node's own
// headers, when its source is newer than the build. Node-API: one build serves Node 20 and 24.
// Optional: without a compiler (or off Linux) the responder answers through Node's dgram sockets,
// and this says so once (docs/scale.md "DNS against PowerDNS").
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'apps/server/src/platform/dns/dns-udp-batch.c');
// dns-udp-batch.ts loads it from here.
const udpBatchAddon = path.join(root, 'apps/server/dist/native/dns-udp-batch.node');

/** Where Node's headers are: beside this node (its release archive), npm's nodedir, the system's. */
function nodeHeaders() {
  const candidates = [
    path.resolve(path.dirname(process.execPath), '../include/node'),
    process.env.npm_config_nodedir && path.join(process.env.npm_config_nodedir, 'include/node'),
    '/usr/include/node',
    '/usr/local/include/node',
  ].filter(Boolean);
  return candidates.find(
    (dir) => fs.existsSync(path.join(dir, 'node_api.h')) && fs.existsSync(path.join(dir, 'uv.h')),
  );
}

/** Builds the addon if it is missing or older than its source; why not, when it cannot be. */
function buildIfStale() {
  if (
    fs.existsSync(udpBatchAddon) &&
    fs.statSync(udpBatchAddon).mtimeMs >= fs.statSync(source).mtimeMs
  )
    return undefined;
  if (process.platform !== 'linux') return 'recvmmsg and sendmmsg are Linux system calls';
  const headers = nodeHeaders();
  if (!headers) return "Node's headers (node_api.h, uv.h) were not found";
  fs.mkdirSync(path.dirname(udpBatchAddon), { recursive: true });
  const building = `${udpBatchAddon}.${process.pid}.tmp`;
  try {
    execFileSync(
      process.env.CC ?? 'cc',
      ['-O2', '-shared', '-fPIC', '-Wall', '-Werror', `-I${headers}`, '-o', building, source],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    fs.renameSync(building, udpBatchAddon);
    return undefined;
  } catch (error) {
    fs.rmSync(building, { force: true });
    const detail = String(error.stderr ?? error.message)
      .trim()
      .split('\n')[0];
    return `the C compiler could not build it (${detail})`;
  }
}

/** Builds what is stale; says why, once, when it cannot. Whether the addon is there. */
export function ensureNativeAddons() {
  const failure = buildIfStale();
  if (failure) console.warn(`The DNS responder's batched UDP socket was not built: ${failure}.`);
  return failure === undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureNativeAddons();
