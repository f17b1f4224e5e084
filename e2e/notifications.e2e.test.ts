import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { animationsSettled, launchBrowser, screenshot } from './support/browser';
import {
  authorizedFetch,
  createSmartClusterByApi,
  createUserByApi,
  deleteSmartClusterByApi,
  logInByApi,
  logInThroughPage,
  pollUntil,
  type Api,
} from './support/session';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();
const suffix = Date.now().toString(36);

describe.skipIf(!inject('browserAvailable'))('the notification bell in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: Api;
  let smartClusterUuid: string | undefined;

  beforeAll(async () => {
    // A user of its own: the bell counts only its notifications.
    const user = await createUserByApi(baseUrl, 'e2e-bell');
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
    if (smartClusterUuid) await deleteSmartClusterByApi(api, smartClusterUuid);
  });

  const bell = () => page.getByTestId('notification-bell');
  const bellCount = () => page.getByTestId('notification-bell-count');
  const unreadByApi = async () =>
    (
      (await (await api('/event/server/notifications/count?read=false')).json()) as {
        count: number;
      }
    ).count;
  /** The bell's number, '' when it shows none. */
  const shown = async () => ((await bellCount().count()) ? await bellCount().innerText() : '');

  /** The header's right end, bell and account menu, for a person to look at. */
  async function headerShot(name: string) {
    await animationsSettled(page);
    const box = await bell().boundingBox();
    expect(box).not.toBeNull();
    await page.screenshot({
      path: fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url)),
      clip: { x: box!.x - 260, y: 0, width: 1440 - (box!.x - 260), height: 56 },
    });
  }

  it('rings live, reads the list when it is opened, then one by one', async () => {
    await bell().waitFor({ state: 'visible', timeout: 15_000 });
    expect(await bell().getAttribute('aria-label')).toBe('Notifications, none unread');
    expect(await shown()).toBe('');

    // A smart cluster is created: its notifications ring the bell, no reload.
    smartClusterUuid = await createSmartClusterByApi(api, {
      name: `bell-${suffix}`,
      datacenters: ['ca-montreal'],
    });
    await pollUntil(async () => (await unreadByApi()) >= 2, 'the creation notifications');
    const unread = await unreadByApi();
    await expect.poll(shown, { timeout: 15_000 }).toBe(String(unread));
    expect(await bell().getAttribute('aria-label')).toBe(`Notifications, ${unread} unread`);
    await headerShot('notifications-bell-unread');

    // Opening the list reads them all: the bell goes quiet, the rows say they were new.
    await bell().click();
    await page.waitForURL('**/notifications');
    const rows = page.getByTestId('notification-row');
    await rows.first().waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(shown, { timeout: 15_000 }).toBe('');
    await expect.poll(unreadByApi).toBe(0);
    expect(await page.getByText('New', { exact: true }).count()).toBe(unread);
    await screenshot(page, 'notifications-list-opened');

    // Its deletion's notifications arrive while the list is open: unread until marked, one by one.
    await api(`/cluster/clusters/${smartClusterUuid}`, { method: 'DELETE' });
    await deleteSmartClusterByApi(api, smartClusterUuid);
    smartClusterUuid = undefined;
    await pollUntil(async () => (await unreadByApi()) >= 2, 'the deletion notifications');
    const arrived = await unreadByApi();
    await expect.poll(shown, { timeout: 15_000 }).toBe(String(arrived));
    const markButtons = page.getByRole('button', { name: 'Mark as read' });
    await expect.poll(() => markButtons.count(), { timeout: 15_000 }).toBe(arrived);
    expect(await page.locator('[data-testid="notification-row"][data-read="false"]').count()).toBe(
      arrived,
    );
    await screenshot(page, 'notifications-live-unread');

    for (let left = arrived - 1; left >= 0; left -= 1) {
      await markButtons.first().click();
      await expect.poll(shown, { timeout: 15_000 }).toBe(left ? String(left) : '');
      expect(await unreadByApi()).toBe(left);
    }
    expect(await markButtons.count()).toBe(0);
    await headerShot('notifications-bell-read');
  });
});
