import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import {
  authorizedFetch,
  createBasicAppByApi,
  createSmartClusterByApi,
  createUserByApi,
  deleteAppsByApi,
  deleteSmartClusterByApi,
  logInByApi,
  logInThroughPage,
  pollUntil,
  type Api,
} from './support/session';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();
const suffix = Date.now().toString(36);
const appName = `logs-${suffix}`;

describe.skipIf(!inject('browserAvailable'))('deployment logs in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: Api;
  let smartClusterUuid: string | undefined;
  let appUuid = '';
  let deploymentUuid = '';

  beforeAll(async () => {
    // A user of its own: other suites count the admin's apps and smart clusters.
    const user = await createUserByApi(baseUrl, 'e2e-logs');
    api = authorizedFetch(baseUrl, await logInByApi(baseUrl, user));
    smartClusterUuid = await createSmartClusterByApi(api, {
      name: 'e2e-logs',
      datacenters: ['ca-montreal'],
      mode: 'MANUAL',
      cluster_size: 'mini',
      master_count: 1,
      minion_count: 1,
    });
    appUuid = await createBasicAppByApi(api, { name: appName, smartClusterUuid, replicas: 2 });
    await pollUntil(async () => {
      const apps = (await (await api('/meridian/v1/kube/apps')).json()) as {
        uuid: string;
        deployments: { uuid: string; status: string }[];
      }[];
      const deployment = apps.find((item) => item.uuid === appUuid)?.deployments[0];
      deploymentUuid = deployment?.uuid ?? '';
      return deployment?.status === 'success';
    }, 'the app to be deployed');
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 1100 },
    });
    page = await context.newPage();
    await logInThroughPage(page, user);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    if (api) await deleteAppsByApi(api, (name) => name.endsWith(`-${suffix}`));
    if (smartClusterUuid) await deleteSmartClusterByApi(api, smartClusterUuid);
  });

  it('shows the lines, follows new ones as they come, and searches them', async () => {
    await page.goto(`/apps/${appUuid}/${deploymentUuid}`);
    const card = page.getByRole('region', { name: 'Logs' });
    await card.getByTestId('log-line').first().waitFor({ timeout: 20_000 });
    const countText = async () => (await card.getByTestId('logs-count').textContent()) ?? '';
    expect(await countText()).toMatch(/^\d+ lines\.$/);

    await card.getByRole('switch', { name: 'Follow' }).click();
    // Following starts from the tail; new lines then arrive every few seconds.
    await card.getByTestId('log-line').first().waitFor({ timeout: 20_000 });
    const lineCount = async () => Number(/^(\d+)/.exec(await countText())?.[1] ?? 0);
    const first = await lineCount();
    await pollUntil(async () => (await lineCount()) > first, 'new lines to arrive', 20_000);

    // A long line (a user agent, an upstream address) wraps onto more rows, clipped nowhere,
    // and the rows below make room for it.
    await card.scrollIntoViewIfNeeded();
    const rows = await card.getByTestId('log-line').evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        const text = element.lastElementChild as HTMLElement;
        return {
          top: box.top,
          bottom: box.bottom,
          clipped: text.scrollWidth > text.clientWidth || element.scrollWidth > element.clientWidth,
        };
      }),
    );
    expect(rows.filter((row) => row.clipped)).toEqual([]);
    expect(rows.some((row) => row.bottom - row.top > 30)).toBe(true);
    const sorted = [...rows].sort((a, b) => a.top - b.top);
    for (let index = 1; index < sorted.length; index += 1) {
      expect(sorted[index]!.top).toBeGreaterThanOrEqual(sorted[index - 1]!.bottom - 0.5);
    }
    await screenshot(page, 'deployment-logs-wrapped');

    await card.getByRole('searchbox', { name: 'Search the lines' }).fill('GET /');
    await pollUntil(async () => / of \d+ lines match\.$/.test(await countText()), 'the filter');
    await expectMarked(page);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'deployment-logs');

    await card.getByRole('switch', { name: 'Follow' }).click();
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: /Download/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^logs-.*\.log$/);
  });
});

/** The search's matches are marked in the lines shown. */
async function expectMarked(page: Page) {
  const marks = page.getByTestId('log-line').locator('mark');
  await marks.first().waitFor();
  expect((await marks.first().textContent())?.toLowerCase()).toBe('get /');
}
