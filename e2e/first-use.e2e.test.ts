import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { animationsSettled, launchBrowser, screenshot } from './support/browser';
import {
  type Api,
  appByApi,
  authorizedFetch,
  createBasicAppByApi,
  createSmartClusterByApi,
  createUserByApi,
  type Credentials,
  deleteAppsByApi,
  deleteSmartClusterByApi,
  logInByApi,
  logInThroughPage,
  pollUntil,
} from './support/session';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();
const suffix = Date.now().toString(36);

// What a new user trips over, tried as one would: a user of its own, so nothing here shows in
// the lists other suites count.
describe.skipIf(!inject('browserAvailable'))('first use in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let user: Credentials;
  let api: Api;
  let smartClusterUuid: string | undefined;

  beforeAll(async () => {
    user = await createUserByApi(baseUrl, 'e2e-first-use');
    api = authorizedFetch(baseUrl, await logInByApi(baseUrl, user));
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
    if (api) await deleteAppsByApi(api, (name) => name.endsWith(`-${suffix}`));
    if (smartClusterUuid) await deleteSmartClusterByApi(api, smartClusterUuid);
  });

  it('answers the console to a client that does not ask for HTML', async () => {
    const response = await fetch(`${baseUrl}/login`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
  });

  it('says how long to wait after repeated wrong passwords, instead of a wrong-password text', async () => {
    await page.goto('/login');
    const failure = page.getByTestId('login-failure');
    const throttled = failure.filter({ hasText: /Too many attempts — try again in \d+ s/ });
    let wrongPassword = 0;
    // Three wrong passwords are free; from the fourth, each try waits, doubling.
    for (let i = 0; i < 8 && !(await throttled.count()); i++) {
      await page.getByLabel('Username').fill(user.username);
      await page.getByLabel('Password').fill(`not-the-password-${i}`);
      await page.getByRole('button', { name: 'Log in' }).click();
      // Each attempt replaces the message under the form with its own.
      await expectVisible(failure);
      if (await failure.getByText('Something went wrong!').count()) wrongPassword += 1;
    }
    await expectVisible(throttled.first());
    expect(wrongPassword).toBeGreaterThan(0);
    await expect(failure.getByText('Something went wrong!').count()).resolves.toBe(0);
    await screenshot(page, 'first-use-login-throttled');
    // Once the wait is over the owner is in.
    const seconds = Number(/in (\d+) s/.exec(await throttled.first().innerText())![1]);
    await page.waitForTimeout(seconds * 1000 + 500);
    await logInThroughPage(page, user);
  });

  it("offers 'No matching clusters' when a search in the cluster picker finds none", async () => {
    smartClusterUuid = await createSmartClusterByApi(api, {
      name: `first-${suffix}`,
      datacenters: ['ca-montreal'],
    });
    await page.goto('/home');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('menuitem', { name: 'App' }).click();
    const form = page.getByRole('dialog').filter({ hasText: 'Create app' });
    await form.getByLabel('Smart cluster', { exact: true }).fill('nowhere');
    await expectVisible(page.getByText('No matching clusters'));
    await screenshot(page, 'first-use-no-matching-clusters');
    await page.keyboard.press('Escape');
  });

  it("keeps every create drawer's buttons in view at 1280×720, 1440×900 and 1920×1080", async () => {
    const drawers = [
      { menu: 'App', title: 'Create app', submit: 'Create app' },
      { menu: 'Cluster', title: 'Create cluster', submit: 'Create' },
      { menu: 'Domain', title: 'Create domain', submit: 'Add domain' },
    ];
    for (const [width, height] of [
      [1280, 720],
      [1440, 900],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const { menu, title, submit } of drawers) {
        await page.goto('/home');
        await page.getByRole('button', { name: 'Create', exact: true }).click();
        await page.getByRole('menuitem', { name: menu, exact: true }).click();
        const drawer = page.getByRole('dialog').filter({ hasText: title });
        const button = drawer.getByRole('button', { name: submit, exact: true });
        await expectVisible(button);
        await animationsSettled(page);
        const box = (await button.boundingBox())!;
        expect(box.y + box.height, `${title} at ${width}×${height}`).toBeLessThanOrEqual(height);
        if (menu === 'App') await screenshot(page, `first-use-create-app-${width}x${height}`);
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden' });
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('lists every deployment of a version on its card, five included', async () => {
    const wide = await createSmartClusterByApi(api, {
      name: `wide-${suffix}`,
      datacenters: ['ca-montreal', 'ca-toronto', 'gb-london', 'de-frankfurt', 'jp-tokyo'],
    });
    const appUuid = await createBasicAppByApi(api, {
      name: `wide-${suffix}`,
      smartClusterUuid: wide,
    });
    await page.goto(`/apps/${appUuid}`);
    const card = page.getByRole('article', { name: 'Version v1', exact: true });
    const links = card.locator('a[href*="/apps/"]');
    await links.nth(4).waitFor({ timeout: 30_000 });
    expect(await links.count()).toBe(5);
    // Every row shows whole inside the card's body: the body grows rather than clip the list.
    const body = (await card.getByTestId('version-card-body').boundingBox())!;
    for (let i = 0; i < 5; i++) {
      const box = (await links.nth(i).boundingBox())!;
      expect(box.height).toBeGreaterThan(20);
      expect(box.y + box.height).toBeLessThanOrEqual(body.y + body.height);
    }
    // What is live reaches every location's load balancer, the last ones a click away.
    const live = page.getByTestId('live-summary');
    const opens = live.getByRole('link', { name: /Open in a new tab$/ });
    await expect.poll(() => opens.count(), { timeout: 15_000 }).toBe(3);
    // The last locations may still be coming up on a busy machine (the e2e files share one job
    // queue): the simulator's pace is not under test, so the API says when all five run, and
    // the page, told by its socket, must follow.
    await pollUntil(
      async () => {
        const app = await appByApi(api, appUuid);
        return app.deployments.filter(({ status }) => status === 'success').length === 5;
      },
      'all five locations to run the app',
      120_000,
    );
    const more = live.getByRole('button', { name: 'Show 2 more' });
    await more.waitFor({ timeout: 15_000 });
    await more.click();
    expect(await opens.count()).toBe(5);
    await screenshot(page, 'first-use-version-card-five');
    await deleteAppsByApi(api, (name) => name === `wide-${suffix}`);
    await deleteSmartClusterByApi(api, wide);
  }, 210_000);

  it('names the app on its terms page', async () => {
    const appUuid = await createBasicAppByApi(api, {
      name: `terms-${suffix}`,
      smartClusterUuid: smartClusterUuid!,
    });
    await page.goto(`/apps/${appUuid}/terms-of-service`);
    await expectVisible(page.getByText(`These terms apply to the app terms-${suffix}.`));
    await screenshot(page, 'first-use-app-terms');
  });
});

async function expectVisible(locator: Locator) {
  await locator.waitFor({ state: 'visible', timeout: 15_000 });
}
