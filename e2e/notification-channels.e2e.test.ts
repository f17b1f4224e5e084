import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { sharedServerUrl } from './support/meridian-server';
import { createUserByApi, logInThroughPage } from './support/session';

const baseUrl = sharedServerUrl();

describe.skipIf(!inject('browserAvailable'))('alert channels and the budget in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let receiver: http.Server;
  const bodies: string[] = [];

  beforeAll(async () => {
    // A webhook receiver on loopback (the e2e server runs with MERIDIAN_ALLOW_PRIVATE_OUTBOUND=1).
    receiver = http.createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        bodies.push(raw);
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    receiver?.close();
  });

  it('adds a webhook channel, sends a test through it and shows the delivery', async () => {
    const { port } = receiver.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/alerts`;
    await logInThroughPage(page, await createUserByApi(baseUrl, 'alerts'));
    await page.getByLabel('Account menu').click();
    await page.getByRole('menuitem', { name: 'Notification channels' }).click();
    await page.waitForURL('**/notification-channels');
    await page.getByRole('heading', { name: 'Notification channels' }).waitFor();

    await page.getByRole('button', { name: 'Add channel' }).click();
    const form = page.getByRole('dialog', { name: 'Add notification channel' });
    await form.getByLabel('Webhook URL').fill(url);
    await form.getByLabel('Budget threshold').check();
    await screenshot(page, 'notification-channels-add');
    await form.getByRole('button', { name: 'Add' }).click();

    const secret = page.getByRole('dialog', { name: 'Signing secret' });
    await secret.getByText(/^whsec_/).waitFor();
    await screenshot(page, 'notification-channels-secret');
    await secret.getByRole('button', { name: 'Done' }).click();

    const row = page.getByRole('row').filter({ hasText: url });
    await row.waitFor();
    await row.getByRole('button', { name: 'Send test' }).click();
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    // A durable job sends it: on a loaded machine the queue may take a while to run it.
    await deliveries.getByText('delivered').waitFor({ timeout: 60_000 });
    await deliveries.getByText('HTTP 200').waitFor();
    expect(bodies.some((body) => body.includes('Test alert from Meridian'))).toBe(true);
    await screenshot(page, 'notification-channels');

    // Editing keeps the type and the secret: new events only.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit notification channel' });
    expect(await edit.getByLabel('Webhook URL').inputValue()).toBe(url);
    await edit.getByLabel('Budget threshold').uncheck();
    await edit.getByLabel('Preview ready').check();
    await screenshot(page, 'notification-channels-edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByText('Preview ready').waitFor();
    expect(await row.getByText('Budget threshold').count()).toBe(0);
  }, 120_000);

  it('sets the monthly budget on the billing page and shows spent and forecast', async () => {
    await page.goto('/billing');
    const card = page.getByLabel('Monthly budget', { exact: true }).first();
    await page.getByText('Forecast for the month').waitFor();
    await page.getByRole('spinbutton').fill('250');
    await page.getByRole('button', { name: 'Save budget' }).click();
    await page.getByText('Budget saved.').waitFor();
    await page.getByText('$250.00 CAD').waitFor();
    expect(await card.count()).toBeGreaterThan(0);
    await screenshot(page, 'billing-budget');
  }, 60_000);
});
