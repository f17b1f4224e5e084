import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import {
  authorizedFetch,
  createUserByApi,
  logInByApi,
  logInThroughPage,
  type Credentials,
} from './support/session';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();

/** The code of one time step, as an authenticator app computes it from the secret on the page. */
function totp(secret: string, step: number): string {
  const generator = new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
  return generator.generate({ timestamp: step * 30_000 });
}

const currentStep = () => Math.floor(Date.now() / 30_000);

describe.skipIf(!inject('browserAvailable'))('account security: password and two-factor', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let user: Credentials;

  async function openSecurityDialog(tab: 'Password' | 'Two-factor authentication') {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Password and two-factor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Password and two-factor authentication' });
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByRole('tab', { name: tab }).click();
    return dialog;
  }

  beforeAll(async () => {
    user = await createUserByApi(baseUrl, 'e2e-security');
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
  });

  it('changes the password, signing out the other sessions and keeping this one', async () => {
    const elsewhere = authorizedFetch(baseUrl, await logInByApi(baseUrl, user));
    expect((await elsewhere('/auth/session')).status).toBe(200);

    const dialog = await openSecurityDialog('Password');
    const newPassword = `${user.password}-changed`;
    await dialog.getByLabel('Current password').fill(user.password);
    await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
    await dialog.getByLabel('New password again').fill(newPassword);
    await screenshot(page, 'account-security-password');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your other sessions have been signed out.').waitFor({ state: 'visible' });
    user = { ...user, password: newPassword };

    expect((await elsewhere('/auth/session')).status).toBe(401);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Account menu' }).waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).not.toBe('/login');
  });

  it('sets up two-factor authentication, then logs in with a code from the app', async () => {
    const dialog = await openSecurityDialog('Two-factor authentication');
    await dialog.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secretField = dialog.getByTestId('two-factor-secret');
    await secretField.waitFor({ state: 'visible' });
    await dialog.getByTestId('two-factor-qr').waitFor({ state: 'visible' });
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'account-security-2fa-setup');

    await dialog.getByLabel('Code from the app').fill(totp(secret, currentStep()));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    const codes = dialog.getByTestId('recovery-codes');
    await codes.waitFor({ state: 'visible' });
    expect(await codes.locator('li').count()).toBe(10);
    await screenshot(page, 'account-security-recovery-codes');
    await dialog.getByRole('button', { name: 'I have saved them' }).click();
    await dialog
      .getByText('Two-factor authentication is on: each login asks for a code.')
      .waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    const codeField = page.getByLabel('Authentication code');
    await codeField.waitFor({ state: 'visible' });
    await screenshot(page, 'account-security-login-code');
    // The next step's code: the one that turned it on was used in this step and is refused again.
    await codeField.fill(totp(secret, currentStep() + 1));
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/home');
  });

  it('creates a deploy key that expires, listed with its scopes, expiry and last use', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'API keys' }).click();
    await page.getByRole('button', { name: 'Create API key' }).click();
    const form = page.getByRole('dialog', { name: 'Create API key' });
    await form.getByLabel('Name').fill('pipeline');
    await form.getByRole('checkbox', { name: 'Deploy' }).check();
    await form.getByLabel('Expires').click();
    await page.getByTitle('In 30 days').click();
    await screenshot(page, 'account-security-api-key-form');
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('button', { name: 'I have saved it' }).click();
    const row = page.getByRole('row', { name: /pipeline/ });
    await row.waitFor({ state: 'visible' });
    expect(await row.textContent()).toContain('Deploy');
    expect(await row.textContent()).toContain('Never');
    await screenshot(page, 'account-security-api-keys');
  });
});
