// `npm start`: build the console and the control plane's bundle if their sources changed since
// the last build, then run the control plane in this process (scripts/build-server.mjs).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const webInputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
];

function newestMtime(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

function consoleIsStale() {
  if (!fs.existsSync(builtIndex)) return true;
  const builtAt = fs.statSync(builtIndex).mtimeMs;
  return webInputs.some((input) => newestMtime(path.join(root, input)) > builtAt);
}

if (process.env.MERIDIAN_SKIP_WEB_BUILD !== '1' && consoleIsStale()) {
  console.log('Building the console (first start or sources changed)…');
  execSync('npm run build -w @meridian/web', { cwd: root, stdio: 'inherit' });
}

// V8 keeps the bundle's compiled code between starts (Node 22.1+; os.tmpdir()/node-compile-cache).
module.enableCompileCache?.();
const { ensureServerBundle } = await import('./build-server.mjs');
await import(pathToFileURL(await ensureServerBundle()).href);
