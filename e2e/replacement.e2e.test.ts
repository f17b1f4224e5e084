import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { startMeridianServer, type MeridianServer } from './support/meridian-server';
import {
  authorizedFetch,
  createBasicAppByApi,
  createUserByApi,
  logInByApi,
  logInThroughPage,
  pollUntil,
  type Api,
} from './support/session';

const name = 'e2e-follower';

interface Placed {
  uuid: string;
  status: string;
  datacenters: string[];
  placement: { demand_source: string } | null;
}

// A server of its own: its simulated users all sit in Tokyo, and it re-places every second
// without a cool-down, which the shared server's other suites must never see.
describe.skipIf(!inject('browserAvailable'))('re-placement on observed traffic in Chromium', () => {
  let server: MeridianServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: Api;

  beforeAll(async () => {
    server = await startMeridianServer({
      MERIDIAN_SIM_TRAFFIC_SHIFT: JSON.stringify({
        name: 'Tokyo',
        latitude: 35.68,
        longitude: 139.69,
        share: 1,
      }),
      MERIDIAN_REPLACEMENT_CHECK_SECONDS: '1',
      MERIDIAN_REPLACEMENT_COOLDOWN_SECONDS: '0',
    });
    const user = await createUserByApi(server.baseUrl, 'e2e-replacement');
    api = authorizedFetch(server.baseUrl, await logInByApi(server.baseUrl, user));
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1440, height: 900 },
    });
    page = await context.newPage();
    await logInThroughPage(page, user);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('moves an automatic smart cluster to where its users went, and tells the user why', async () => {
    const created = await api('/cluster/clusters', {
      method: 'POST',
      body: {
        name,
        mode: 'AUTOMATIC',
        datacenters: ['ca-montreal', 'jp-tokyo'],
        latency: 100,
        budget: 1000,
        cluster_size: 'mini',
        master_count: 1,
        minion_count: 1,
        demand: [{ latitude: 45.5, longitude: -73.57, weight: 1, name: 'Montréal users' }],
      },
    });
    expect(created.status).toBe(200);
    const { uuid, datacenters } = (await created.json()) as Placed;
    expect(datacenters).toEqual(['ca-montreal']);
    await pollUntil(async () => (await placed(uuid))?.status === 'success', 'the smart cluster');
    await createBasicAppByApi(api, { name: 'follower-app', smartClusterUuid: uuid, replicas: 3 });

    // Served from Montréal, every request comes from Tokyo: 161.6 ms, past the 100 ms target.
    await pollUntil(
      async () => {
        const found = await placed(uuid);
        return (
          found?.status === 'success' &&
          found.placement?.demand_source === 'traffic' &&
          found.datacenters.join() === 'jp-tokyo'
        );
      },
      'the move to Tokyo',
      90_000,
    );

    await page.goto('/notifications');
    const notice = page
      .getByTestId('notification-row')
      .filter({ hasText: 'Moving to Tokyo: p95 161.6 → 14.1 ms' });
    await expectVisible(notice.first());
    await expectVisible(
      notice.first().getByText(/its users moved, and Montréal no longer met the 100 ms target/),
    );
    await notice.first().scrollIntoViewIfNeeded();
    await screenshot(page, 'replacement-notification');

    await page.goto('/clusters');
    await page
      .getByTestId('smart-cluster-card')
      .filter({ has: page.getByRole('heading', { name }) })
      .click();
    const details = page.getByRole('dialog').filter({ hasText: 'Why these locations' });
    await expect(details.getByTestId('placement-reason').textContent()).resolves.toMatch(
      /^Tokyo keeps 95 % of the traffic observed within 100 ms/,
    );
    const history = details.getByTestId('placement-history').getByRole('listitem');
    await expectVisible(history.nth(1));
    expect(await history.count()).toBe(2);
    await expectVisible(history.first().getByText(/observed traffic/));
    await screenshot(page, 'replacement-details');
  }, 150_000);

  async function placed(uuid: string): Promise<Placed | undefined> {
    const list = (await (await api('/cluster/smart_clusters')).json()) as Placed[];
    return list.find((item) => item.uuid === uuid);
  }
});

async function expectVisible(locator: Locator) {
  await locator.waitFor({ state: 'visible', timeout: 15_000 });
}
