import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { adminCredentials, userStorageKey } from './support/credentials';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();

describe.skipIf(!inject('browserAvailable'))('API keys in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('creates a key shown once, uses it, and revokes it with a confirmation', async () => {
    const name = `ci-${Date.now().toString(36)}`;
    await page.goto('/login');
    await page.getByLabel('Username').fill(adminCredentials.username);
    await page.getByLabel('Password').fill(adminCredentials.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/home');
    const { userId } = await storedSession(page);

    await page.getByLabel('Account menu').click();
    await page.getByRole('menuitem', { name: 'API keys' }).click();
    await page.waitForURL('**/api-key');
    await expectVisible(page.getByRole('heading', { name: 'API Keys' }));

    await page.getByRole('button', { name: 'Create API key' }).click();
    const form = page.getByRole('dialog', { name: 'Create API key' });
    // The empty-name message is covered by the page's unit test; here the real round trip.
    const nameInput = form.getByLabel('Name');
    await expectVisible(nameInput);
    await nameInput.fill(name);
    await expect.poll(() => nameInput.inputValue()).toBe(name);
    await form.getByRole('button', { name: 'Create' }).click();

    const shown = page.getByTestId('api-key-created');
    await expectCreated(page, shown);
    await expectVisible(shown.getByText(/It will not be shown again/));
    const key = await shown.getByTestId('api-key-value').inputValue();
    expect(key).toMatch(/^mk_[\w-]{43}$/);
    await shown.getByRole('button', { name: 'Copy key' }).click();
    await expectVisible(page.getByText('API key copied to the clipboard.'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    // The user id every call sends with the key (x-user-id), copied the same way.
    expect(await shown.getByTestId('api-key-user-id').inputValue()).toBe(userId);
    await expectVisible(shown.getByText('Your user id, sent as the x-user-id header'));
    await shown.getByRole('button', { name: 'Copy user id' }).click();
    await expectVisible(page.getByText('User id copied to the clipboard.'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(userId);
    await screenshot(page, 'api-keys-created');
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await shown.waitFor({ state: 'hidden' });

    const row = page.getByRole('row').filter({ hasText: name });
    await expectVisible(row);
    expect(await page.locator('body').innerText()).not.toContain(key);

    const withKey = () =>
      fetch(`${baseUrl}/auth/session`, {
        headers: { authorization: `ApiKey ${key}`, 'x-user-id': userId },
      });
    const before = await withKey();
    expect(before.status).toBe(200);
    expect(((await before.json()) as { userId: string }).userId).toBe(userId);
    await screenshot(page, 'api-keys');

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: `Revoke API key ${name}?` });
    await expectVisible(confirm);
    await screenshot(page, 'api-keys-revoke-confirm');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expectVisible(page.getByText(`API key ${name} revoked.`));
    await row.waitFor({ state: 'detached' });

    expect((await withKey()).status).toBe(401);
  });
});

async function storedSession(page: Page): Promise<{ token: string; userId: string }> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), userStorageKey);
  const parsed = JSON.parse(raw ?? '{}') as { token?: string; userId?: string; data?: object };
  return (parsed.data ?? parsed) as { token: string; userId: string };
}

/** Waits for the key to be shown; if a refusal came instead, fails with its words. */
async function expectCreated(page: Page, shown: ReturnType<Page['getByText']>) {
  const refusal = page
    .getByText('Cannot generate new API key.')
    .locator('..')
    .or(page.locator('.ant-form-item-explain-error'));
  const settle = (locator: typeof shown, outcome: string) =>
    locator
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 })
      .then(
        () => outcome,
        () => 'nothing',
      );
  const outcome = await Promise.race([settle(shown, 'shown'), settle(refusal, 'refused')]);
  if (outcome === 'shown') return;
  await screenshot(page, 'api-keys-create-refused');
  const words = outcome === 'refused' ? await refusal.first().innerText() : 'nothing showed';
  throw new Error(`The API key was not created within 30 s: ${words}`);
}

async function expectVisible(locator: ReturnType<Page['getByText']>) {
  await locator.waitFor({ state: 'visible', timeout: 15_000 });
}
