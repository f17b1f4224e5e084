import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import {
  authorizedFetch,
  createSmartClusterByApi,
  createUserByApi,
  deleteSmartClusterByApi,
  logInByApi,
  logInThroughPage,
  type Api,
  type Credentials,
} from './support/session';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();

describe.skipIf(!inject('browserAvailable'))('Billing in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let user: Credentials;
  let api: Api;
  let smartClusterUuid: string | undefined;
  const name = `billed-${Date.now().toString(36)}`;

  beforeAll(async () => {
    // A user of its own: the lines on screen are exactly this suite's.
    user = await createUserByApi(baseUrl, 'billing');
    api = authorizedFetch(baseUrl, await logInByApi(baseUrl, user));
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
    });
    page = await context.newPage();
  }, 60_000);
  afterAll(async () => {
    if (smartClusterUuid) await deleteSmartClusterByApi(api, smartClusterUuid).catch(() => {});
    await context?.close();
    await browser?.close();
  });

  it('reads the running cluster on the usage table and the cost-per-day chart', async () => {
    smartClusterUuid = await createSmartClusterByApi(api, {
      name,
      datacenters: ['ca-montreal'],
      cluster_size: 'small',
      master_count: 1,
      minion_count: 2,
    });
    // A few seconds of uptime, so the line has some to show.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const usage = (await (await api('/billing/usage')).json()) as {
      entities: { name: string; quantity: number; rate: number; uptime: number }[];
      [field: string]: unknown;
    };
    expect(usage.entities).toHaveLength(1);
    expect(usage.entities[0]).toMatchObject({ quantity: 3, rate: 0.085 });

    await logInThroughPage(page, user);
    await page.getByLabel('Account menu').click();
    await page.getByRole('menuitem', { name: 'Billing' }).click();
    await page.waitForURL('**/billing');
    await expectVisible(page.getByRole('heading', { name: 'Billing' }));

    const row = page.getByRole('row').filter({ hasText: name });
    await expectVisible(row);
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells[0]).toContain(name);
    expect(cells).toContain('Cluster');
    expect(cells).toContain('Montréal');
    expect(cells).toContain('3');
    expect(cells).toContain('node-hour');
    expect(cells).toContain('$0.085');
    expect(cells.some((cell) => /^\d\d[dhms]( \d\d[hms])?$/.test(cell))).toBe(true);
    expect(cells.at(-1)).toMatch(/^\$\d+\.\d\d$/);
    await expectVisible(page.getByTestId('billing-subtotal'));
    expect(await page.getByTestId('billing-total').innerText()).toMatch(/^\$\d+\.\d\d$/);
    // The pager sits above the table.
    const pagerTop = (await page.locator('.ant-pagination').first().boundingBox())!.y;
    const tableTop = (await page.getByRole('table').boundingBox())!.y;
    expect(pagerTop).toBeLessThan(tableTop);

    const chart = page.getByTestId('billing-chart');
    await expectVisible(chart);
    await expectVisible(chart.getByText('Cost per day'));
    const bars = chart.locator('[data-day]');
    const days = await bars.count();
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    const today = new Date().toISOString().slice(0, 10);
    await expectVisible(chart.locator(`[data-day="${today}"] rect`));
    expect(await chart.getByRole('img').getAttribute('aria-label')).toMatch(/^Cost per day in /);
    await screenshot(page, 'billing');

    // An earlier month: nothing ran then.
    await page.getByRole('combobox', { name: 'Month' }).click();
    const previous = new Date();
    previous.setUTCDate(1);
    previous.setUTCMonth(previous.getUTCMonth() - 1);
    const label = previous.toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await page.getByTitle(label).click();
    await expectVisible(page.getByText('No usage yet'));
    await screenshot(page, 'billing-earlier-month');

    // Real uptime here is seconds, so the chart above shows only slivers; a month of made-up
    // costs (served in place of the API's answer) shows how the bars read.
    const month = new Date().toISOString().slice(0, 7);
    const length = new Date(
      Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0),
    ).getUTCDate();
    const sampleDays = Array.from({ length }, (_, index) => ({
      day: `${month}-${String(index + 1).padStart(2, '0')}`,
      total: index < 20 ? Math.round((2 + (index % 7) * 0.9) * 100) / 100 : 0,
    }));
    await page.route('**/billing/usage?month=*', (route) =>
      route.fulfill({
        json: {
          month,
          currency: 'CAD',
          entities: usage.entities,
          total: sampleDays.reduce((sum, day) => sum + day.total, 0),
          days: sampleDays,
        },
      }),
    );
    await page.reload();
    await expectVisible(page.getByTestId('billing-chart'));
    await screenshot(page, 'billing-chart-sample');
  });
});

async function expectVisible(locator: ReturnType<Page['getByText']>) {
  await locator.waitFor({ state: 'visible', timeout: 15_000 });
}
