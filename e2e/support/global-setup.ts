import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './browser';
import { startMeridianServer } from './meridian-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
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

  const { baseUrl, stop } = await startMeridianServer();
  project.provide('baseUrl', baseUrl);
  project.provide('browserAvailable', browserAvailable);

  return stop;
}
