import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import {
  authorizedFetch,
  createSmartClusterByApi,
  createUserByApi,
  deleteSmartClusterByApi,
  logInByApi,
  logInThroughPage,
  type Api,
  type Credentials,
} from './support/session';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();

describe.skipIf(!inject('browserAvailable'))('Keypair and support in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  // A user of this suite's own: its keypair and smart cluster stay out of other suites' lists.
  let user: Credentials;
  let api: Api;
  let smartClusterUuid: string | undefined;

  beforeAll(async () => {
    user = await createUserByApi(baseUrl, 'keypair');
    api = authorizedFetch(baseUrl, await logInByApi(baseUrl, user));
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    page = await context.newPage();
    await logInThroughPage(page, user);
  });
  afterAll(async () => {
    if (smartClusterUuid) await deleteSmartClusterByApi(api, smartClusterUuid);
    await context?.close();
    await browser?.close();
  });

  async function openKeypairDialog() {
    await page.getByLabel('Account menu').click();
    await page.getByRole('menuitem', { name: 'Keypair' }).click();
    const dialog = page.getByRole('dialog', { name: "Verify that it's you" });
    await dialog.waitFor();
    return dialog;
  }

  it('refuses a wrong password and keeps the dialog open', async () => {
    const dialog = await openKeypairDialog();
    await dialog.getByLabel('Username').fill(user.username);
    await dialog.getByLabel('Password').fill('not-my-password');
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await dialog.getByRole('button', { name: 'Download keypair' }).click();
    await page.getByText('Cannot get private key.').waitFor();
    await page.getByText(/Wrong username or password/).waitFor();
    await screenshot(page, 'keypair-wrong-password');
    expect(downloaded).toBe(false);
    expect(await dialog.isVisible()).toBe(true);
    // Still signed in: a failed verification is not an expired session.
    expect(page.url()).toMatch(/\/home$/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('downloads both keys after the password is given again', async () => {
    const dialog = await openKeypairDialog();
    await dialog.getByRole('button', { name: 'Download keypair' }).click();
    await dialog.getByText('Please enter a username').waitFor();
    await dialog.getByText('Please enter a password').waitFor();
    await dialog.getByLabel('Username').fill(user.username);
    await dialog.getByLabel('Password').fill(user.password);
    await screenshot(page, 'keypair-dialog');

    const downloads: Download[] = [];
    const bothDownloaded = new Promise<void>((resolve) => {
      page.on('download', (download) => {
        downloads.push(download);
        if (downloads.length === 2) resolve();
      });
    });
    await dialog.getByRole('button', { name: 'Download keypair' }).click();
    await bothDownloaded;
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Keypair downloaded.').waitFor();
    await screenshot(page, 'keypair-downloaded');

    const byName = new Map(downloads.map((download) => [download.suggestedFilename(), download]));
    expect([...byName.keys()].sort()).toEqual(['id_ed25519', 'id_ed25519.pub']);
    const privateKey = await readFile(await byName.get('id_ed25519')!.path(), 'utf8');
    const publicKey = await readFile(await byName.get('id_ed25519.pub')!.path(), 'utf8');
    expect(privateKey.startsWith('-----BEGIN OPENSSH PRIVATE KEY-----')).toBe(true);
    expect(publicKey.startsWith('ssh-ed25519 ')).toBe(true);
    // The file holds the key the server hands out for this user.
    const served = (await (await api('/auth/users/public_key')).json()) as { public_key: string };
    expect(publicKey).toBe(served.public_key);
  });

  it('shows the referenced smart cluster job on the support page', async () => {
    smartClusterUuid = await createSmartClusterByApi(api, {
      name: `support-${Date.now().toString(36)}`,
      datacenters: ['ca-toronto'],
    });
    await page.goto(`/support/smart-cluster/${smartClusterUuid}`);
    await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
    await page.getByRole('link', { name: 'support@meridian.example' }).waitFor();
    const card = page.getByTestId('support-job');
    await card.getByText(/^support-/).waitFor();
    expect(await card.getByTestId('support-job-status').innerText()).toBe('Created');
    expect(await card.innerText()).toContain(smartClusterUuid);
    await expectLink(page, 'Name servers', '/references/nameservers');
    await expectLink(page, 'Terms of service', '/terms-of-services');
    await screenshot(page, 'support-smart-cluster');

    await page.getByRole('link', { name: 'Terms of service' }).click();
    await page.waitForURL('**/terms-of-services');
    await page.getByRole('heading', { level: 2, name: 'Billing' }).waitFor();
    await screenshot(page, 'terms');
  });
});

async function expectLink(page: Page, name: string | RegExp, href: string) {
  const link = page.getByRole('link', { name }).first();
  await link.waitFor();
  expect(await link.getAttribute('href')).toBe(href);
}
