// Issue 17's budgets on the JavaScript a page loads, counted in Chromium from a cold cache: every
// script response until the network is quiet (first paint and what follows it), each body
// gzipped at level 9 here so the figure does not depend on which encoding the server chose.
// A budget on bytes is deterministic; nothing here is timed.
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { userStorageKey } from './support/credentials';
import { logInByApi } from './support/session';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();
const KB = 1000;
const loginBudget = 120 * KB;
// Issue 17's goal for /home, held in both languages (issue 40); what it holds and why:
// docs/frontend-performance.md.
const homeBudget = 200 * KB;

interface ScriptLoad {
  url: string;
  gzipBytes: number;
  transferBytes: number;
}

/** Opens `path` and returns every script the page loaded until the network went quiet. */
async function scriptsLoadedBy(page: Page, path: string): Promise<ScriptLoad[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, string>();
  const transfer = new Map<string, number>();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type === 'Script') scripts.set(requestId, response.url);
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    transfer.set(requestId, encodedDataLength);
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const loads: ScriptLoad[] = [];
  for (const [requestId, url] of scripts) {
    const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
    const bytes = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
    loads.push({
      url: new URL(url).pathname,
      gzipBytes: gzipSync(bytes, { level: 9 }).length,
      transferBytes: transfer.get(requestId) ?? 0,
    });
  }
  await cdp.detach();
  return loads;
}

function describeLoads(page: string, loads: ScriptLoad[]): number {
  const gzip = loads.reduce((sum, load) => sum + load.gzipBytes, 0);
  const transfer = loads.reduce((sum, load) => sum + load.transferBytes, 0);
  console.log(
    `${page}: ${loads.length} scripts, ${(gzip / KB).toFixed(1)} KB gzip, ` +
      `${(transfer / KB).toFixed(1)} KB transferred`,
  );
  if (process.env.SCRIPT_BUDGET_DETAIL) {
    for (const load of [...loads].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      console.log(`  ${(load.gzipBytes / KB).toFixed(1).padStart(6)} KB  ${load.url}`);
    }
  }
  return gzip;
}

describe.skipIf(!inject('browserAvailable'))('JavaScript budgets in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // Issue 40: the budgets hold in both languages (the browser's language picks the console's).
  const languages = [
    { locale: 'en-US', home: 'Home', lang: 'en' },
    { locale: 'fr-CA', home: 'Accueil', lang: 'fr-CA' },
  ] as const;

  it.each(languages)(
    'loads at most 120 KB gzip of JavaScript on /login in $locale, and no component library',
    async ({ locale, lang }) => {
      const context = await browser.newContext({ baseURL: baseUrl, locale });
      const page = await context.newPage();
      const loads = await scriptsLoadedBy(page, '/login');
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      await screenshot(page, `login-cold-${locale}`);
      await context.close();

      expect(loads.length).toBeGreaterThan(0);
      expect(describeLoads(`/login (${locale})`, loads)).toBeLessThanOrEqual(loginBudget);
      // The map's shapes arrive as data, not as script.
      expect(loads.some((load) => /world-(geometry|projection)/.test(load.url))).toBe(false);
    },
  );

  it.each(languages)(
    'keeps the JavaScript of /home in $locale within its budget, and loads no antd',
    async ({ locale, home }) => {
      const session = await logInByApi(baseUrl);
      const context = await browser.newContext({ baseURL: baseUrl, locale });
      await context.addInitScript(
        ([key, value]) => window.localStorage.setItem(key!, value!),
        [userStorageKey, JSON.stringify({ ...session, userEmail: 'admin@meridian.local' })],
      );
      const page = await context.newPage();
      const loads = await scriptsLoadedBy(page, '/home');
      await expect(page.getByRole('heading', { name: home }).isVisible()).resolves.toBe(true);
      await expect(
        page.getByRole('button', { name: /admin@meridian\.local, / }).isVisible(),
      ).resolves.toBe(true);
      // The shell and the home page render no antd component.
      expect(await page.locator('[class^="ant-"], [class*=" ant-"]').count()).toBe(0);
      await context.close();

      expect(describeLoads(`/home (${locale})`, loads)).toBeLessThanOrEqual(homeBudget);
    },
  );
});
