// Bundles the control plane (apps/server/src/main.ts with @meridian/domain) into one ES module,
// apps/server/dist/main.mjs, so a start loads one file instead of compiling some 600 TypeScript
// modules with tsx: about 0.5 s of CPU instead of 2.8 s (docs/architecture.md "Server bundle").
// `npm start` runs it; the tests that start real server processes build it once per run.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureNativeAddons } from './build-native.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundle = path.join(root, 'apps/server/dist/main.mjs');
const pgliteVersion = JSON.parse(
  fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
).version;
/**
 * A new, migrated PGlite data directory, made with the bundle: a new install's first start
 * restores it instead of running initdb (about 3.5 s of CPU). platform/db/database.ts reads it
 * under this name; a data directory is only good for the PGlite that made it.
 */
export const databaseTemplate = path.join(
  root,
  `apps/server/dist/pglite-template-${pgliteVersion}.tar.gz`,
);
const serverInputs = [
  'apps/server/src',
  'packages/domain/src',
  'package-lock.json',
  'scripts/build-server.mjs',
];

/**
 * Packages that find their own files next to their code (wasm, native addons, worker scripts,
 * static assets) stay in node_modules and are imported from there.
 */
const keptInNodeModules = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@fastify/swagger-ui',
  'pino',
  'pino-pretty',
  'piscina',
  'pg-boss',
  'socket.io',
  'tsx',
  // Loaded on first use (a cluster call, a certificate order, an e-mail alert): left out of the
  // bundle, V8 does not parse them at every start (docs/scale.md "Start-up").
  '@kubernetes/client-node',
  'acme-client',
  'nodemailer',
];

/**
 * Each module keeps its own `import.meta.url` (its source file's), so what it finds beside itself
 * (migrations, the console's build, the CPU pool's worker and tasks) is found as under tsx.
 */
const sourceLocations = {
  name: 'source-locations',
  setup(build) {
    build.onLoad(
      { filter: /[\\/](apps|packages)[\\/][^\\/]+[\\/]src[\\/].*\.ts$/ },
      async (args) => {
        const text = await fs.promises.readFile(args.path, 'utf8');
        const url = JSON.stringify(pathToFileURL(args.path).href);
        return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
      },
    );
  },
};

function newestMtime(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

const migrationsFolder = path.join(root, 'apps/server/src/platform/db/migrations');

/** The template is made again only when a migration changed since (or it is missing). */
function databaseTemplateIsStale() {
  if (!fs.existsSync(databaseTemplate)) return true;
  return newestMtime(migrationsFolder) > fs.statSync(databaseTemplate).mtimeMs;
}

export function serverBundleIsStale() {
  if (!fs.existsSync(serverBundle) || databaseTemplateIsStale()) return true;
  const builtAt = fs.statSync(serverBundle).mtimeMs;
  return serverInputs.some((input) => newestMtime(path.join(root, input)) > builtAt);
}

/** Writes a file beside its place and renames it there, so no process reads half of one. */
function writeWhole(file, contents) {
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, contents);
  fs.renameSync(partial, file);
}

/** The migrated data directory every new install starts from (databaseTemplate). */
async function buildDatabaseTemplate() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create();
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
    const dump = await client.dumpDataDir('gzip');
    writeWhole(databaseTemplate, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/** Builds the bundle, and the database template when stale; the bundle arrives last. */
export async function buildServer() {
  const { outputFiles } = await esbuild.build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: serverBundle,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    minifyWhitespace: true,
    minifySyntax: true,
    external: keptInNodeModules.flatMap((name) => [name, `${name}/*`]),
    // Bundled CommonJS packages call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as meridianRequire } from 'node:module'; const require = meridianRequire(import.meta.url);",
    },
    // Node warns that its own punycode is deprecated when code outside node_modules loads it, as
    // the bundled node-fetch (the Kubernetes client's) now does; the npm package is the same code.
    alias: { punycode: 'punycode/' },
    plugins: [sourceLocations],
    logLevel: 'error',
  });
  fs.mkdirSync(path.dirname(serverBundle), { recursive: true });
  // Four seconds of initdb and migrations: not again for a change that leaves them as they are.
  if (databaseTemplateIsStale()) await buildDatabaseTemplate();
  // The map first: the bundle's arrival is what says the build is done.
  for (const file of outputFiles.toSorted((a, b) => b.path.length - a.path.length)) {
    writeWhole(file.path, file.contents);
  }
  return serverBundle;
}

let ensured;
/**
 * The bundle's path, built first when a source changed since, with the native addon beside it
 * (scripts/build-native.mjs); once per process.
 */
export function ensureServerBundle() {
  if (!ensured) ensureNativeAddons();
  ensured ??= serverBundleIsStale() ? buildServer() : Promise.resolve(serverBundle);
  return ensured;
}

// `node scripts/build-server.mjs [--if-stale]`
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureNativeAddons();
  if (process.argv.includes('--if-stale') && !serverBundleIsStale()) process.exit(0);
  await buildServer();
  console.log(`Built ${path.relative(root, serverBundle)}`);
}
