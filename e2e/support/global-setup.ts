import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { chromiumPath, secondLookMarks } from './browser';
import { startMeridianServer } from './meridian-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One started server per worker of the suite; `sharedServerUrl()` picks the worker's own. */
    baseUrls: string[];
    browserAvailable: boolean;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default async function setup(project: TestProject) {
  const browserAvailable = fs.existsSync(chromiumPath);
  if (!browserAvailable) {
    const message = `Chromium not found at ${chromiumPath}: browser tests are SKIPPED (install it with 'apt-get install chromium').`;
    if (process.env.REQUIRE_BROWSER === '1')
      throw new Error(`${message} REQUIRE_BROWSER=1 makes this a failure.`);
    console.warn(`\n*** ${message} ***\n`);
  }
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error("The console is not built: run 'npm run build' before the e2e tests.");
  }

  // Each run looks at every screen in French and dark once (browser.ts `screenshot`).
  fs.rmSync(secondLookMarks, { recursive: true, force: true });

  // Each worker runs its files one at a time against a server of its own, so no file shares a
  // server with a file running beside it: the same isolation as one worker, in half the time.
  const workers = Number(project.config.maxWorkers) || 1;
  const servers = await Promise.all(Array.from({ length: workers }, () => startMeridianServer()));
  project.provide(
    'baseUrls',
    servers.map((server) => server.baseUrl),
  );
  project.provide('browserAvailable', browserAvailable);

  return async () => {
    // A failed test's server side (a slow request, an error) is otherwise lost with the server.
    for (const server of servers) {
      const warnings = server.warnings();
      if (warnings.length === 0) continue;
      console.warn(
        `\nServer ${server.baseUrl} logged ${warnings.length} warnings or errors; the last 40:`,
      );
      console.warn(warnings.slice(-40).join('\n'));
    }
    await Promise.all(servers.map((server) => server.stop()));
  };
}
