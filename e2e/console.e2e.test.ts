import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { adminCredentials, userStorageKey } from './support/credentials';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();

describe.skipIf(!inject('browserAvailable'))('console in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
    });
    page = await context.newPage();
  });

  async function logIn(password: string = adminCredentials.password) {
    await page.getByLabel('Username').fill(adminCredentials.username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
  }

  it('shows the login page and its validation messages', async () => {
    await page.goto('/login');
    await expectVisible(page.getByRole('heading', { name: 'Meridian' }));
    await screenshot(page, 'login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectVisible(page.getByText('Please enter a username'));
    await expectVisible(page.getByText('Please enter a password'));
    await screenshot(page, 'login-validation');
  });

  it('tells the user under the form when the credentials are wrong, until they get in', async () => {
    await page.goto('/login');
    await logIn('wrong-password');
    const failure = page.getByRole('alert').filter({ hasText: 'Something went wrong!' });
    await expectVisible(failure);
    await expectVisible(
      failure.getByText('Please check your credentials and try again or contact support.'),
    );
    // Under the form, inside the login card: not a notice elsewhere on the page.
    const button = await page.getByRole('button', { name: 'Log in' }).boundingBox();
    const box = await failure.boundingBox();
    expect(box!.y).toBeGreaterThan(button!.y + button!.height);
    expect(Math.abs(box!.x - button!.x)).toBeLessThan(2);
    expect(await page.locator('.ant-notification-notice').count()).toBe(0);
    await screenshot(page, 'login-failure');
    expect(new URL(page.url()).pathname).toBe('/login');

    // The right password: the message leaves with the login page.
    await logIn();
    await page.waitForURL('**/home');
    await expectVisible(page.getByRole('button', { name: 'Create', exact: true }));
    expect(await page.getByText('Something went wrong!').count()).toBe(0);
  });

  it('sends a visitor without a session to the login page', async () => {
    await page.goto('/clusters');
    await page.waitForURL('**/login');
  });

  it('logs in, lands on /home with the full layout, and survives reloads of deep links', async () => {
    await page.goto('/login');
    await logIn();
    await page.waitForURL('**/home');
    const stored = await page.evaluate((key) => localStorage.getItem(key), userStorageKey);
    expect(stored).toContain('token');
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    for (const item of ['Home', 'Clusters', 'Domains']) {
      await expectVisible(navigation.getByRole('link', { name: item }));
    }
    await expectVisible(page.getByRole('button', { name: 'Create', exact: true }));
    await expectVisible(page.getByText('No apps yet'));
    await screenshot(page, 'home');

    await page.goto('/clusters');
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Smart Clusters' }));
    await screenshot(page, 'clusters');

    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await expectVisible(page.getByText('Page not found'));
    await screenshot(page, 'not-found');
  });

  it('opens the account and Create menus from the keyboard, and folds the side menu', async () => {
    await page.goto('/login');
    await logIn();
    await page.waitForURL('**/home');
    const account = page.getByRole('button', { name: 'Account menu' });
    await account.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Account menu' });
    await expectVisible(menu);
    await expectFocused(menu.getByRole('menuitem', { name: 'Notifications' }));
    await page.keyboard.press('ArrowDown');
    await expectFocused(menu.getByRole('menuitem', { name: 'Billing' }));
    await screenshot(page, 'account-menu');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expectFocused(account);

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expectVisible(page.getByRole('menuitem', { name: 'Cluster' }));
    await screenshot(page, 'create-menu');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Collapse menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect.poll(async () => (await nav.boundingBox())?.width ?? 0).toBeLessThan(80);
    await nav.getByRole('link', { name: 'Clusters' }).click();
    await page.waitForURL('**/clusters');
    await screenshot(page, 'side-menu-folded');
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await expect.poll(async () => (await nav.boundingBox())?.width ?? 0).toBeGreaterThan(150);
  });

  it('logs out through the account menu and revokes the session', async () => {
    await page.goto('/login');
    await logIn();
    await page.waitForURL('**/home');
    const { token, userId } = await storedSession(page);
    await page.getByLabel('Account menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate((key) => localStorage.getItem(key), userStorageKey)).toBeNull();

    const afterLogout = await fetch(`${baseUrl}/auth/session`, {
      headers: { authorization: `Bearer ${token}`, 'x-user-id': userId },
    });
    expect(afterLogout.status).toBe(401);
  });

  it('sends an expired session back to the login page with a notice', async () => {
    await page.goto('/login');
    await logIn();
    await page.waitForURL('**/home');
    const { token, userId } = await storedSession(page);
    // The session ends elsewhere (another tab logs out), so the next call gets a 401.
    const revoked = await fetch(`${baseUrl}/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-user-id': userId },
    });
    expect(revoked.status).toBe(200);
    await page.goto('/clusters');
    await expectVisible(page.getByText('Session Expired.'));
    await expectVisible(page.getByText('Please log in again.'));
    await page.waitForURL('**/login');
    await screenshot(page, 'session-expired');
    expect(await page.evaluate((key) => localStorage.getItem(key), userStorageKey)).toBeNull();
  });
});

async function storedSession(page: Page): Promise<{ token: string; userId: string }> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), userStorageKey);
  const parsed = JSON.parse(raw ?? '{}') as { token?: string; userId?: string; data?: object };
  const data = (parsed.data ?? parsed) as { token: string; userId: string };
  return data;
}

async function expectVisible(locator: ReturnType<Page['getByText']>) {
  await locator.waitFor({ state: 'visible', timeout: 15_000 });
}

/** The element the keyboard is on, as a user of the keyboard would find it. */
async function expectFocused(locator: ReturnType<Page['getByText']>) {
  await expect
    .poll(() => locator.evaluate((element) => element === document.activeElement))
    .toBe(true);
}
