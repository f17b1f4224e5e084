import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { adminCredentials } from './support/credentials';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();

describe.skipIf(!inject('browserAvailable'))('the Users page of the installation admin', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
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
  });

  it('creates a user who then cannot sign in once disabled', async () => {
    const username = `e2e-user-${Date.now().toString(36)}`;
    const password = 'a-long-e2e-password-7';
    await page.goto('/login');
    await page.getByLabel('Username').fill(adminCredentials.username);
    await page.getByLabel('Password').fill(adminCredentials.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/home');

    await page.getByLabel('Account menu').click();
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.waitForURL('**/users');
    await page.getByRole('button', { name: 'Create user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('E-mail').fill(`${username}@example.ca`);
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Create' }).click();
    const row = page.getByRole('row').filter({ hasText: username });
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    await screenshot(page, 'users');

    await row.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await row.getByText('Disabled').waitFor({ state: 'visible', timeout: 15_000 });
    await screenshot(page, 'users-disabled');
    const login = await fetch(`${baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    expect([login.status, ((await login.json()) as { message: string }).message]).toEqual([
      401,
      'This account is disabled; ask an administrator of this Meridian',
    ]);
  });
});
