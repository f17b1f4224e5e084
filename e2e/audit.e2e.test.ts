import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { adminCredentials, userStorageKey } from './support/credentials';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();

describe.skipIf(!inject('browserAvailable'))('the audit log in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('filters the entries and downloads the same ones as CSV', async () => {
    const name = `audit-${Date.now().toString(36)}`;
    await page.goto('/login');
    await page.getByLabel('Username').fill(adminCredentials.username);
    await page.getByLabel('Password').fill(adminCredentials.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/home');
    const { token, userId } = await storedSession(page);
    const created = await fetch(`${baseUrl}/auth/registries`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-user-id': userId,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        name,
        url: 'https://registry.example.com',
        username: 'bot',
        password: 'registry-password-e2e',
      }),
    });
    expect(created.status).toBeLessThan(300);

    await page.getByLabel('Account menu').click();
    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await page.waitForURL('**/audit');
    await visible(page.getByRole('heading', { name: 'Audit log' }));
    await visible(page.getByRole('row').filter({ hasText: 'auth.login' }).first());

    await page.getByLabel('Target').fill(name);
    await page.getByRole('button', { name: 'Filter' }).click();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    await visible(rows.first().getByText('registry.create'));
    await visible(rows.first().getByText('Success'));
    await screenshot(page, 'audit-filtered');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('meridian-audit.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^"uuid","at","actor_type"/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"registry.create","registry"`);
    expect(lines[1]).toContain(`"${name}"`);
    expect(csv).not.toContain('registry-password-e2e');

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await screenshot(page, 'audit');
  });
});

async function storedSession(page: Page): Promise<{ token: string; userId: string }> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), userStorageKey);
  const parsed = JSON.parse(raw ?? '{}') as { token?: string; userId?: string; data?: object };
  return (parsed.data ?? parsed) as { token: string; userId: string };
}

async function visible(locator: ReturnType<Page['getByText']>) {
  await locator.waitFor({ state: 'visible', timeout: 15_000 });
}
