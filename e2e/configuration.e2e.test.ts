import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { chooseOption } from './support/select-option';
import { startMeridianServer, type MeridianServer } from './support/meridian-server';
import {
  type Api,
  appByApi,
  authorizedFetch,
  createSmartClusterByApi,
  createUserByApi,
  logInByApi,
  logInThroughPage,
  pollUntil,
} from './support/session';

const appName = 'e2e-configured';
const smartClusterName = 'e2e-configuration';

/** The app's one deployment runs `version` and is done. */
async function runs(api: Api, appUuid: string, version: string): Promise<boolean> {
  const { versions, deployments } = await appByApi(api, appUuid);
  const uuid = versions.find((each) => each.name === version)?.uuid;
  return deployments.some((each) => each.version_uuid === uuid && each.status === 'success');
}

// A server of its own: its simulator checks the health checks a Basic version declares.
describe.skipIf(!inject('browserAvailable'))('a Basic app’s configuration in Chromium', () => {
  let server: MeridianServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: Api;
  let appUuid = '';

  beforeAll(async () => {
    server = await startMeridianServer({ MERIDIAN_TRAFFIC_SAMPLE_SECONDS: '86400' });
    const user = await createUserByApi(server.baseUrl, 'e2e-configuration');
    api = authorizedFetch(server.baseUrl, await logInByApi(server.baseUrl, user));
    await createSmartClusterByApi(api, { name: smartClusterName, datacenters: ['ca-montreal'] });
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1440, height: 1000 },
    });
    page = await context.newPage();
    await logInThroughPage(page, user);
  }, 180_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const versionCard = (name: string) =>
    page.getByRole('article', { name: `Version ${name}`, exact: true });
  const notice = (text: string | RegExp) =>
    page.locator('.ant-notification-notice', { hasText: text }).first();
  const section = (scope: Locator, name: string) => scope.getByTestId(`config-section-${name}`);

  /** Unfolds a configuration section and waits until it says it is open (a busy page may be slow). */
  async function unfold(scope: Locator, name: string): Promise<void> {
    const header = section(scope, name).locator(
      'xpath=ancestor::*[contains(@class, "ant-collapse-header")][1]',
    );
    if ((await header.getAttribute('aria-expanded')) !== 'true') await section(scope, name).click();
    await expect.poll(() => header.getAttribute('aria-expanded')).toBe('true');
  }

  /** Opens a version's details drawer and reads its environment rows. */
  async function envOf(version: string, screenshotName?: string): Promise<string[]> {
    await versionCard(version).getByRole('heading', { name: version }).click();
    const details = page.getByTestId('version-details');
    await details.waitFor();
    const rows = await details.getByTestId('version-env').locator('li').allInnerTexts();
    if (screenshotName) await screenshot(page, screenshotName);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });
    return rows;
  }

  /** Edit configuration on a version's card: the drawer, folded sections and all. */
  async function openEditConfiguration(version: string): Promise<Locator> {
    await versionCard(version).getByRole('button', { name: 'Edit configuration' }).click();
    const form = page.getByTestId('configuration-form');
    await form.waitFor();
    return form;
  }

  it('creates an app with env, a secret and a health check through the Basic form', async () => {
    await page.goto('/home');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('menuitem', { name: 'App' }).click();
    const form = page.getByTestId('create-app-form');
    await form.getByLabel('Name', { exact: true }).fill(appName);
    await form.getByLabel('Version', { exact: true }).fill('v1');
    await chooseOption(page, form.getByLabel('Smart cluster', { exact: true }), {
      title: smartClusterName,
    });
    await form.getByLabel('Image', { exact: true }).fill('nginx:1.27');
    await form.getByLabel('Target port', { exact: true }).fill('8080');
    await form.getByLabel('Port', { exact: true }).fill('80');

    // Environment: two variables pasted as KEY=VALUE lines into one name field.
    await unfold(form, 'env');
    await form.getByRole('button', { name: 'Add variable' }).click();
    await form.getByLabel('Variable 1 name').focus();
    await form.getByLabel('Variable 1 name').evaluate((input) => {
      const data = new DataTransfer();
      data.setData('text', 'GREETING=hello\nLOG_LEVEL=info\n');
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    });
    await expect.poll(() => form.getByLabel('Variable 2 value').inputValue()).toBe('info');
    // A name the domain refuses is said as it is typed.
    await form.getByLabel('Variable 2 name').fill('2FAST');
    await form
      .getByText('Each env name must start with a letter or an underscore', { exact: false })
      .waitFor();
    await form.getByLabel('Variable 2 name').fill('LOG_LEVEL');

    await unfold(form, 'secrets');
    await form.getByRole('button', { name: 'Add secret' }).click();
    await form.getByTestId('secrets-row').first().waitFor();
    await form.getByLabel('Secret 1 name').fill('DB_PASSWORD');
    await form.getByLabel('Secret 1 value').fill('s3cret');

    await unfold(form, 'healthCheck');
    await chooseOption(page, form.getByLabel('Check', { exact: true }), { title: 'HTTP' });
    await form.getByLabel('Path', { exact: true }).fill('/healthz');
    await section(form, 'env').getByText('2 env').waitFor();
    await section(form, 'secrets').getByText('1 secret').waitFor();
    await section(form, 'healthCheck').getByText('HTTP health check /healthz').waitFor();
    await screenshot(page, 'configuration-create-app', { fullPage: true });

    await form.getByRole('button', { name: 'Create app' }).click();
    await notice('App creation has started.').waitFor();
    await page.getByRole('link', { name: appName, exact: true }).click();
    await page.waitForURL('**/apps/*');
    appUuid = new URL(page.url()).pathname.split('/')[2]!;
    await pollUntil(() => runs(api, appUuid, 'v1'), 'v1 to run in Montréal', 60_000);

    const card = versionCard('v1');
    await card
      .getByTestId('version-configuration')
      .getByText('2 env · 1 secret · HTTP health check /healthz')
      .waitFor();
    // The secret is stored sealed: the app's read names it, never its value.
    const { versions } = await appByApi(api, appUuid);
    expect(versions[0]?.basic_settings?.secrets).toEqual([{ name: 'DB_PASSWORD', set: true }]);
    expect(JSON.stringify(versions)).not.toContain('s3cret');
    expect(await envOf('v1', 'configuration-version-details')).toEqual([
      'GREETING=hello',
      'LOG_LEVEL=info',
    ]);
    await screenshot(page, 'configuration-version-card');
  }, 120_000);

  it('changes an env var with Edit configuration and rolls it out', async () => {
    await page.goto(`/apps/${appUuid}`);
    const form = await openEditConfiguration('v1');
    expect(await form.getByLabel('New version name').inputValue()).toBe('v2');
    await unfold(form, 'env');
    await form.getByLabel('Variable 1 value').fill('bonjour');
    await unfold(form, 'secrets');
    expect(await form.getByLabel('Secret 1 value').getAttribute('placeholder')).toBe(
      'Keep current value',
    );
    await form.getByLabel('Secret 1 value').fill('n3w-s3cret');
    await form.getByLabel('Bake time per location (seconds)').fill('0');
    await screenshot(page, 'configuration-edit-drawer');
    await form.getByRole('button', { name: 'Create and roll out' }).click();
    await notice('Version v2 created; it is rolling out on e2e-configuration.').waitFor();
    await page.waitForURL(`**/apps/${appUuid}#rollouts`);

    const rollouts = page.getByRole('region', { name: 'Rollouts' });
    await rollouts.getByText('v1 → v2 on e2e-configuration').first().waitFor();
    await pollUntil(() => runs(api, appUuid, 'v2'), 'v2 to run in Montréal', 60_000);
    await rollouts
      .locator('.ant-collapse-item')
      .first()
      .getByTestId('rollout-status')
      .filter({ hasText: 'Completed' })
      .waitFor({ timeout: 30_000 });
    await rollouts.evaluate((element) => element.scrollIntoView());
    await screenshot(page, 'configuration-rolled-out');
    expect(await envOf('v2')).toEqual(['GREETING=bonjour', 'LOG_LEVEL=info']);

    // The comparison shows the secret sealed, and that its value changed, never the value.
    await versionCard('v2').getByRole('button', { name: 'Compare' }).click();
    const diff = page.getByRole('dialog').filter({ hasText: 'Compare versions' });
    await diff.getByText('<sealed> (changed)', { exact: false }).first().waitFor();
    expect(await diff.innerText()).not.toContain('n3w-s3cret');
    await screenshot(page, 'configuration-diff-sealed');
    await page.keyboard.press('Escape');
  }, 120_000);

  it('says why a version whose health check fails never becomes ready', async () => {
    await page.goto(`/apps/${appUuid}`);
    const form = await openEditConfiguration('v2');
    await unfold(form, 'healthCheck');
    await form.getByLabel('Port to check', { exact: true }).fill('9999');
    await section(form, 'healthCheck').getByText('HTTP health check :9999/healthz').waitFor();
    await form.getByLabel('Bake time per location (seconds)').fill('0');
    await form.getByRole('button', { name: 'Create and roll out' }).click();
    await notice(/^Version v3 created/).waitFor();

    const reason = 'Readiness check failed: HTTP GET :9999/healthz connection refused';
    // Said at once in the failure's notice, and kept where the rollout's location says it failed.
    await notice(reason).waitFor({ timeout: 60_000 });
    const rollouts = page.getByRole('region', { name: 'Rollouts' });
    const latest = rollouts.locator('.ant-collapse-item').first();
    await latest.getByText(reason, { exact: false }).first().waitFor({ timeout: 60_000 });
    await rollouts.evaluate((element) => element.scrollIntoView());
    await screenshot(page, 'configuration-readiness-failed');
    const { versions } = await appByApi(api, appUuid);
    expect(versions.map((version) => version.name)).toEqual(['v1', 'v2', 'v3']);
  }, 120_000);

  it('rolls back to v1, whose env comes back with it', async () => {
    await page.goto(`/apps/${appUuid}`);
    // The failed v3 went back to v2 by itself; from there, v1 is a rollback.
    await pollUntil(() => runs(api, appUuid, 'v2'), 'v2 to run again after v3 failed', 60_000);
    const rollback = versionCard('v1').getByRole('button', { name: 'Roll back to this version' });
    await rollback.waitFor();
    await rollback.click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Roll back to v1?' });
    await confirm.getByLabel('Bake time per location (seconds)').fill('0');
    await confirm.getByRole('button', { name: 'Roll back', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await pollUntil(() => runs(api, appUuid, 'v1'), 'v1 to run again', 60_000);

    const live = page.getByTestId('live-summary').getByTestId('live-version');
    await expect
      .poll(() => live.allInnerTexts(), { timeout: 15_000 })
      .toEqual([expect.stringMatching(/^v1\s*Deployed\s*Montréal$/)]);
    expect(await envOf('v1')).toEqual(['GREETING=hello', 'LOG_LEVEL=info']);
    await screenshot(page, 'configuration-rolled-back', { fullPage: true });
  }, 120_000);

  it('saves a registry from the account menu and offers it in the Basic form', async () => {
    await page.goto(`/apps/${appUuid}`);
    await page.getByLabel('Account menu').click();
    await page.getByRole('menuitem', { name: 'Saved registries' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Saved registries' });
    await dialog.getByText('No saved registries yet').waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill('company');
    await dialog.getByLabel('URL', { exact: true }).fill('https://registry.example.ca');
    await dialog.getByLabel('Username', { exact: true }).fill('deployer');
    await dialog.getByLabel('Password', { exact: true }).fill('hunter2');
    await dialog.getByRole('button', { name: 'Save registry' }).click();
    await dialog.getByRole('cell', { name: 'company', exact: true }).waitFor();
    expect(await dialog.innerText()).not.toContain('hunter2');
    await screenshot(page, 'configuration-saved-registries');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });

    // The Basic form offers it in place of typed credentials.
    await page.getByRole('button', { name: 'Create version' }).first().click();
    const form = page.getByTestId('create-version-form');
    await form.getByRole('radio', { name: 'Private' }).check();
    await chooseOption(page, form.getByLabel('Credentials', { exact: true }), {
      title: 'company · https://registry.example.ca',
    });
    await form.getByLabel('Registry URL').waitFor({ state: 'detached' });
    await screenshot(page, 'configuration-saved-registry-chosen');
    await form.getByRole('button', { name: 'Cancel' }).click();
  });
});
