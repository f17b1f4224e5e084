import { fileURLToPath } from 'node:url';
import {
  formatRequestsPerMinute,
  mapBar,
  requestsPerMinute,
} from '@meridian/domain/traffic/traffic';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
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
const appName = `shop-${suffix}`;

interface TrafficAnswer {
  daily_totals: { total_requests: number; daily_active_users: number };
  regions: { datacenter_uuid: string; name: string; num_requests: number; num_users: number }[];
}

describe.skipIf(!inject('browserAvailable'))('header counters and traffic in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: Api;
  let smartClusterUuid: string | undefined;

  beforeAll(async () => {
    // A user of its own: the counters are exact only if nobody else's apps are in them.
    const user = await createUserByApi(baseUrl, 'e2e-traffic');
    api = authorizedFetch(baseUrl, await logInByApi(baseUrl, user));

    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
    });
    page = await context.newPage();
    await logInThroughPage(page, user);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    // Leave the shared server as found: other suites count apps and smart clusters.
    if (api) await deleteAppsByApi(api, (name) => name.endsWith(`-${suffix}`));
    if (smartClusterUuid) await deleteSmartClusterByApi(api, smartClusterUuid);
  });

  /** A header counter's number (its title is beside it). */
  const counter = (key: string) => page.getByTestId(`overview-${key}-value`);

  it('counts an app on a smart cluster, then shows its traffic in the header and on the map', async () => {
    await expectVisible(page.getByText('Waiting for traffic...'));
    await expectText(counter('apps'), /^0$/);
    await screenshot(page, 'traffic-empty-header');

    smartClusterUuid = await createSmartClusterByApi(api, {
      name: `traffic-${suffix}`,
      datacenters: ['ca-montreal'],
      cluster_size: 'small',
      master_count: 1,
      minion_count: 2,
    });
    await createBasicAppByApi(api, {
      name: appName,
      smartClusterUuid,
      replicas: 3,
      description: 'Traffic e2e',
    });

    // Live events refresh the header: 1 app, 1 smart cluster of 3 small nodes (4 vCPU, 8 GB
    // RAM, 30 GB storage each).
    await expectText(counter('apps'), /^1$/);
    await expectText(counter('clusters'), /^1$/);
    await expectText(counter('servers'), /^3$/);
    await expectText(counter('cpus'), /^12$/);
    await expectText(counter('ram'), /^24$/);
    await expectText(counter('storage'), /^90 GB$/);

    // Sampled every second (e2e set-up): the deployment's traffic arrives by itself.
    let traffic: TrafficAnswer | undefined;
    await pollUntil(async () => {
      traffic = (await (await api('/intelligence/traffic')).json()) as TrafficAnswer;
      return traffic.daily_totals.total_requests > 0;
    }, 'traffic to be sampled');
    expect(traffic!.regions.map((region) => region.datacenter_uuid)).toEqual(['ca-montreal']);
    expect(traffic!.regions[0]!.name).toBe('Montréal');

    const requests = page.getByTestId('traffic-requests');
    await expectVisible(requests);
    expect(await requests.innerText()).toMatch(/requests \/ min$/);
    expect(await page.getByTestId('traffic-users').innerText()).toMatch(/^[\d,]+ users \/ day$/);
    await expect.poll(() => page.getByText('Waiting for traffic...').count()).toBe(0);

    // The map's Montréal marker carries its requests-per-minute bar.
    const montreal = page.locator('[data-testid="datacenter-marker"][aria-label="Montréal"]');
    const bar = montreal.getByTestId('datacenter-traffic-bar');
    await bar.waitFor({ state: 'attached', timeout: 15_000 });
    expect(await page.getByTestId('datacenter-traffic-bar').count()).toBe(1);
    expect(await montreal.locator('title').textContent()).toMatch(
      /^Montréal: .+ requests per minute$/,
    );
    await screenshot(page, 'traffic-header-and-map');

    // One figure, two units: the header's requests a minute are the API's requests a day (this
    // hour's rate) over 24 × 60, the map's per location the same; each says its window on hover.
    expect(await requests.getAttribute('title')).toMatch(/now, at this hour’s rate/);
    expect(await page.getByTestId('traffic-users').getAttribute('title')).toBe(
      'Users of your apps in the last 24 hours.',
    );
    await expect
      .poll(
        async () => {
          const answer = (await (await api('/intelligence/traffic')).json()) as TrafficAnswer;
          const perMinute = formatRequestsPerMinute(
            requestsPerMinute(answer.daily_totals.total_requests),
          );
          // The bar: green up to 60 a minute, amber above (the app's rate, 3 replicas).
          const color = mapBar(requestsPerMinute(answer.daily_totals.total_requests)).color;
          return (
            (await requests.innerText()) === `${perMinute} requests / min` &&
            (await montreal.locator('title').textContent()) ===
              `Montréal: ${perMinute} requests per minute` &&
            (await bar.getAttribute('data-color')) === color
          );
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);

    // Numbers change as samples arrive, pushed by TRAFFIC events (no reload).
    const first = await requests.innerText();
    const firstUsers = await page.getByTestId('traffic-users').innerText();
    await expect
      .poll(
        async () =>
          (await requests.innerText()) !== first ||
          (await page.getByTestId('traffic-users').innerText()) !== firstUsers,
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);

    // A close-up of the marker and its bar, for a person to look at.
    const box = await montreal.boundingBox();
    expect(box).not.toBeNull();
    await page.screenshot({
      path: fileURLToPath(new URL('./screenshots/traffic-map-bar.png', import.meta.url)),
      clip: { x: box!.x - 40, y: box!.y - 30, width: 160, height: 80 },
    });
  });
});

async function expectVisible(locator: Locator) {
  await locator.waitFor({ state: 'visible', timeout: 15_000 });
}

async function expectText(locator: Locator, pattern: RegExp) {
  await expect
    .poll(async () => (await locator.innerText()).replace(/\s+/g, ' ').trim(), {
      timeout: 30_000,
      interval: 250,
    })
    .toMatch(pattern);
}
