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
const clusterName = `e2e-watch-${suffix}`;
const appName = `kiosk-${suffix}`;
const monitoringPassword = `watch-${suffix}-pw`;

describe.skipIf(!inject('browserAvailable'))('the monitoring page in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: Api;
  let smartClusterUuid: string | undefined;

  beforeAll(async () => {
    // A user of its own, so this smart cluster and app stay out of the lists other suites count.
    const user = await createUserByApi(baseUrl, 'e2e-watch');
    api = authorizedFetch(baseUrl, await logInByApi(baseUrl, user));
    smartClusterUuid = await createSmartClusterByApi(api, {
      name: clusterName,
      datacenters: ['ca-montreal'],
      minion_count: 2,
      monitoring_default_password: monitoringPassword,
    });
    await createBasicAppByApi(api, { name: appName, smartClusterUuid, replicas: 3 });
    await pollUntil(async () => {
      const apps = (await (await api('/meridian/v1/kube/apps')).json()) as {
        name: string;
        deployments: { status: string }[];
      }[];
      return apps.find((app) => app.name === appName)?.deployments[0]?.status === 'success';
    }, `app ${appName} to be deployed`);

    browser = await launchBrowser();
    // No answer to a Basic prompt: the owner is signed in by the console, never asked.
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
    if (api) await deleteAppsByApi(api, (name) => name === appName);
    if (smartClusterUuid) await deleteSmartClusterByApi(api, smartClusterUuid);
  });

  it('opens from the details drawer in a new tab, signed in, and shows the nodes, pods and usage', async () => {
    await page.goto('/clusters');
    const card = page
      .getByTestId('smart-cluster-card')
      .filter({ has: page.getByRole('heading', { name: clusterName }) });
    await card.click();
    const details = page.getByRole('dialog').filter({ hasText: 'Locations' });
    const montreal = details.getByTestId('cluster-location').filter({ hasText: 'Montréal' });
    await montreal.getByText('Ready').waitFor({ timeout: 30_000 });
    const link = montreal.getByRole('link', { name: /Monitoring/ });
    const href = await link.getAttribute('href');
    expect(href).toMatch(
      new RegExp(`^${baseUrl}/monitoring/clusters/[0-9a-f-]{36}/d/k8s-nodes/nodes\\?.*kiosk`),
    );

    // Every answer about the page, from before the tab opens: none may be a 401.
    const statuses: number[] = [];
    context.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/monitoring/') && response.request().method() === 'GET') {
        statuses.push(response.status());
      }
    });
    const [monitoring] = await Promise.all([context.waitForEvent('page'), link.click()]);
    const violations: string[] = [];
    monitoring.on('console', (message) => {
      if (/Content.Security.Policy|Refused/i.test(message.text())) violations.push(message.text());
    });
    const member = `${clusterName}-ca-montreal`;
    await monitoring.getByRole('heading', { name: member, level: 1 }).waitFor();
    // Through the one-use link: a redirect to the page, never a 401 and its prompt.
    expect(statuses).toEqual([303, 200]);
    expect(monitoring.url()).toBe(`${href}`);
    // Nodes as big as the Mini flavor the cluster was ordered in.
    await monitoring.getByText('Mini nodes: 2 vCPU, 4 GB RAM each').waitFor();
    expect(await monitoring.title()).toBe(`${member} · Monitoring · Meridian`);
    // Kiosk: the dashboard alone, refreshed every 10 s.
    expect(await monitoring.locator('header').count()).toBe(0);
    expect(await monitoring.locator('meta[http-equiv="refresh"]').getAttribute('content')).toBe(
      '10',
    );
    const nodes = monitoring.locator('section', {
      has: monitoring.getByRole('heading', { name: 'Nodes' }),
    });
    expect(await nodes.locator('tbody tr').count()).toBe(2);
    expect(await nodes.locator('tbody tr', { hasText: '2 vCPU' }).count()).toBe(2);
    const pods = monitoring.locator('section', {
      has: monitoring.getByRole('heading', { name: 'Pods' }),
    });
    const running = pods.locator('tbody tr', { hasText: appName }).filter({ hasText: 'Running' });
    expect(await running.count()).toBe(3);
    expect(await monitoring.getByRole('img', { name: /CPU used/ }).count()).toBe(1);
    expect(await monitoring.getByRole('img', { name: /Memory used/ }).count()).toBe(1);
    await screenshot(monitoring, 'monitoring-kiosk', { fullPage: true });

    // Without kiosk: the Meridian header above the same dashboard.
    await monitoring.goto(monitoring.url().replace(/[?&]kiosk=?(&|$)/, '$1'));
    await monitoring.locator('header').getByText('Meridian monitoring').waitFor();
    await screenshot(monitoring, 'monitoring-page', { fullPage: true });
    expect(violations).toEqual([]);
    await monitoring.close();
  });

  it('is closed to anyone without the monitoring password, and open to who has it', async () => {
    const href = await page
      .getByRole('dialog')
      .getByRole('link', { name: /Monitoring/ })
      .getAttribute('href');
    // Headless Chromium cancels a Basic prompt it has no answer for, so ask as a plain client.
    const refused = await fetch(href!);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe(
      'Basic realm="Meridian monitoring", charset="UTF-8"',
    );
    expect(await refused.text()).not.toContain(clusterName);
    const basic = `Basic ${Buffer.from(`admin:${monitoringPassword}`).toString('base64')}`;
    const opened = await fetch(href!, { headers: { authorization: basic } });
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain(`${clusterName}-ca-montreal`);
  });
});
