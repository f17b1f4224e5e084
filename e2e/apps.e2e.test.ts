import {
  sampleHeatTemplate,
  sampleHeatTemplateName,
  sampleKubernetesTemplate,
  sampleKubernetesTemplateName,
} from '@meridian/domain/apps/sample-templates';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { chooseOption } from './support/select-option';
import {
  authorizedFetch,
  createSmartClusterByApi,
  createUserByApi,
  deleteAppsByApi,
  deleteSmartClusterByApi,
  logInByApi,
  logInThroughPage,
  type Api,
} from './support/session';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();
const suffix = Date.now().toString(36);
const clusterName = 'e2e-apps';
const basicApp = `shop-${suffix}`;
const advancedApp = `ledger-${suffix}`;
const heatApp = `vault-${suffix}`;
const renamedApp = `storefront-${suffix}`;
const pendingLabel = 'A deployment is in progress';

describe.skipIf(!inject('browserAvailable'))('apps in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: Api;
  let smartClusterUuid: string | undefined;
  /** App uuids by name, read from the app page's address. */
  const appIds = new Map<string, string>();

  beforeAll(async () => {
    // A user of its own (made by the admin), so these apps, the smart cluster and their
    // notifications never show in the admin's lists that the other suites check.
    const user = await createUserByApi(baseUrl, 'e2e-apps');
    api = authorizedFetch(baseUrl, await logInByApi(baseUrl, user));
    smartClusterUuid = await createSmartClusterByApi(api, {
      name: clusterName,
      datacenters: ['ca-montreal'],
      mode: 'MANUAL',
      cluster_size: 'mini',
      master_count: 1,
      minion_count: 1,
    });

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
    // Leave the shared server as found: other suites expect no apps and count smart clusters.
    if (api) await deleteAppsByApi(api, (name) => name.endsWith(`-${suffix}`));
    if (smartClusterUuid) await deleteSmartClusterByApi(api, smartClusterUuid);
  });

  const appList = () => page.getByRole('region', { name: 'Apps' });
  const tile = (name: string) => appList().getByRole('link', { name, exact: true });
  const drawer = () => page.getByRole('dialog').filter({ hasText: 'Create app' });
  const versionCard = (name: string) =>
    page.getByRole('article', { name: `Version ${name}`, exact: true });
  const notice = (text: string) =>
    page.locator('.ant-notification-notice', { hasText: text }).first();

  async function openCreateAppDrawer(): Promise<Locator> {
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('menuitem', { name: 'App' }).click();
    const form = drawer();
    await expectVisible(form.getByText('Template type'));
    return form;
  }

  async function fillCommonFields(form: Locator, name: string, version: string) {
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form
      .getByLabel('Description', { exact: true })
      .fill(`The ${name} app, made by the e2e suite`);
    await form.getByLabel('Version', { exact: true }).fill(version);
    // By keyboard: the search narrows the list to it and Enter takes it. A click on the option
    // of a list still settling was lost once on a loaded CI run, and the drawer stayed open.
    await form.getByLabel('Smart cluster', { exact: true }).click();
    await page.keyboard.type(clusterName);
    await expectVisible(page.locator(`.ant-select-item-option[title="${clusterName}"]`));
    await page.keyboard.press('Enter');
    await expectVisible(form.getByTitle(clusterName, { exact: true }));
  }

  async function uploadYaml(scope: Locator, name: string, content: string) {
    await scope.locator('input[type="file"]').setInputFiles({
      name,
      mimeType: 'application/yaml',
      buffer: Buffer.from(content),
    });
    await expectVisible(scope.getByText(name));
  }

  /** Submits, sees the notice and the tile, opens the app page and returns its uuid. */
  async function submitAndOpen(form: Locator, name: string, screenshotName: string) {
    await form.getByRole('button', { name: 'Create app' }).click();
    await expectVisible(notice('App creation has started.'));
    await form.waitFor({ state: 'hidden' });

    const appTile = tile(name);
    await expectVisible(appTile);
    // A square avatar with the first letter of the name (drawn by CSS from data-initial).
    await expectVisible(appTile.getByTestId('app-avatar'));
    expect(await appTile.getByTestId('app-avatar').getAttribute('data-initial')).toBe(
      name[0]!.toUpperCase(),
    );
    await appTile.click();
    await page.waitForURL(`**/apps/*`);
    const uuid = new URL(page.url()).pathname.split('/')[2]!;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    appIds.set(name, uuid);
    // The current app is highlighted.
    await appList().locator(`a[aria-current="page"][aria-label="${name}"]`).waitFor();
    await screenshot(page, `${screenshotName}-created`);
    return uuid;
  }

  /** Waits on the app page until the version card says the version runs everywhere it should. */
  async function expectDeployed(name: string, version: string, screenshotName: string) {
    await expectVisible(page.getByRole('button', { name: `App name: ${name}` }));
    const card = versionCard(version);
    await expectVisible(card);
    await card
      .locator('[data-testid="version-status"][data-status="success"]')
      .waitFor({ timeout: 30_000 });
    expect(await card.getByTestId('version-status').textContent()).toBe('Deployed');
    await expectVisible(card.getByTestId('version-smart-clusters').getByText(clusterName));
    await expectVisible(card.getByRole('link', { name: /Montréal · Deployed/ }));
    // The clock badge is gone once it was done. Whether it was seen while the rollout ran depends
    // on how busy the machine is (a rollout lasts milliseconds here): app-list.test.tsx shows it.
    await tile(name)
      .getByRole('img', { name: pendingLabel })
      .waitFor({ state: 'detached', timeout: 15_000 });
    await screenshot(page, `${screenshotName}-deployed`);
  }

  it('creates a Kubernetes Basic app through Create → App and watches it deploy', async () => {
    await page.goto('/home');
    const form = await openCreateAppDrawer();
    await fillCommonFields(form, basicApp, 'v1');
    // Kubernetes and its Basic sub-tab are the defaults.
    expect(await form.getByRole('tab', { name: 'Kubernetes' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await form.getByRole('tab', { name: 'Basic' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await form.getByLabel('Image', { exact: true }).fill('nginx:1.27');
    await form.getByLabel('Replicas', { exact: true }).fill('2');
    await form.getByLabel('Target port', { exact: true }).fill('8080');
    await form.getByLabel('Port', { exact: true }).fill('80');
    await screenshot(page, 'apps-create-basic-drawer');

    await submitAndOpen(form, basicApp, 'apps-basic');
    await expectDeployed(basicApp, 'v1', 'apps-basic');
    await expectVisible(versionCard('v1').getByText('Kubernetes · Basic'));
  });

  it('creates a Kubernetes Advanced app from an uploaded manifest', async () => {
    const form = await openCreateAppDrawer();
    await fillCommonFields(form, advancedApp, 'v1');
    await form.getByRole('tab', { name: 'Advanced' }).click();
    await expectVisible(form.getByText('Kubernetes manifest', { exact: true }));
    await uploadYaml(form, sampleKubernetesTemplateName, sampleKubernetesTemplate);
    await screenshot(page, 'apps-create-advanced-drawer');

    await submitAndOpen(form, advancedApp, 'apps-advanced');
    await expectDeployed(advancedApp, 'v1', 'apps-advanced');
    await expectVisible(versionCard('v1').getByText('Kubernetes · Advanced'));
  });

  it('creates a Heat app with a flavor, HDD volumes and an uploaded Heat template', async () => {
    const form = await openCreateAppDrawer();
    await fillCommonFields(form, heatApp, 'v1');
    await form.getByRole('tab', { name: 'Heat' }).click();
    await chooseOption(page, form.getByLabel('Flavor', { exact: true }), { text: /^Small · / });
    // antd hides the radio input under its button: click the button's text.
    await form.getByText('HDD', { exact: true }).click();
    expect(await form.getByRole('radio', { name: 'HDD' }).isChecked()).toBe(true);
    await uploadYaml(form, sampleHeatTemplateName, sampleHeatTemplate);
    await screenshot(page, 'apps-create-heat-drawer');

    await submitAndOpen(form, heatApp, 'apps-heat');
    await expectDeployed(heatApp, 'v1', 'apps-heat');
    await expectVisible(versionCard('v1').getByText('Heat', { exact: true }));
  });

  it('names what is missing when the drawer is submitted empty, or with a wrong template', async () => {
    const form = await openCreateAppDrawer();
    const submit = form.getByRole('button', { name: 'Create app' });
    await submit.click();
    await expectVisible(form.getByText('Please provide a name'));
    await expectVisible(form.getByText('Please provide a version'));
    await expectVisible(form.getByText('Please choose a cluster'));
    // Image, target port and port (replicas starts at 1).
    await form.getByText('Please provide a value for this field').nth(2).waitFor();
    await screenshot(page, 'apps-create-validation');

    await form.getByRole('tab', { name: 'Advanced' }).click();
    await submit.click();
    await expectVisible(form.getByText('Please provide a file'));

    await form.getByRole('tab', { name: 'Heat' }).click();
    await uploadYaml(
      form,
      'incomplete-heat.yaml',
      'heat_template_version: 2018-08-31\nparameters:\n  keypair_name:\n    type: string\nresources: {}\n',
    );
    await expectVisible(form.getByText(/The Heat template needs the parameter volume_type/));
    await screenshot(page, 'apps-create-heat-invalid');
    await submit.click();
    // Nothing was sent: the drawer stays open with its messages.
    await expectVisible(form.getByText('Please provide a name'));

    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });
  });

  it('renames the app (Enter) and a version (blur) in place, and the names persist', async () => {
    await page.goto(`/apps/${appIds.get(basicApp)}`);
    await page.getByRole('button', { name: `App name: ${basicApp}` }).click();
    const nameField = page.getByRole('textbox', { name: 'App name', exact: true });
    await nameField.fill(renamedApp);
    await nameField.press('Enter');
    await expectVisible(notice('App updated.'));
    await expectVisible(page.getByRole('button', { name: `App name: ${renamedApp}` }));
    await expectVisible(tile(renamedApp));

    const card = versionCard('v1');
    await card.getByRole('button', { name: 'Version name: v1' }).click();
    const versionField = card.getByRole('textbox', { name: 'Version name', exact: true });
    await versionField.fill('v1-stable');
    await versionField.blur();
    await expectVisible(notice('Version updated.'));
    await expectVisible(versionCard('v1-stable'));
    await screenshot(page, 'apps-renamed');

    await page.reload();
    await expectVisible(page.getByRole('button', { name: `App name: ${renamedApp}` }));
    await expectVisible(versionCard('v1-stable'));
    await expectVisible(tile(renamedApp));
    expect(await tile(basicApp).count()).toBe(0);
  });

  it('starts Create version from the current version, every field filled in as it has it', async () => {
    await page.goto(`/apps/${appIds.get(basicApp)}`);
    await page.getByRole('button', { name: 'Create version' }).first().click();
    const form = page.getByRole('dialog').filter({ has: page.getByTestId('create-version-form') });
    await expectVisible(form.getByText('v1-stable · Kubernetes · Basic'));
    const field = (label: string) => form.getByLabel(label, { exact: true });
    expect(await field('Version name').inputValue()).toBe('v1-stable-2');
    expect(await field('Image').inputValue()).toBe('nginx:1.27');
    expect(await field('Replicas').inputValue()).toBe('2');
    expect(await field('Target port').inputValue()).toBe('8080');
    expect(await field('Port').inputValue()).toBe('80');
    expect(await form.getByRole('radio', { name: 'Public' }).isChecked()).toBe(true);
    await screenshot(page, 'apps-create-version-prefilled');

    await field('Image').fill('nginx:1.28');
    await form.getByRole('button', { name: 'Create version' }).click();
    await expectVisible(notice('Version v1-stable-2 created.'));
    await expectVisible(versionCard('v1-stable-2'));
    // The next starts from the newest: the image just changed, the rest as before.
    await page.getByRole('button', { name: 'Create version' }).first().click();
    await expectVisible(form.getByText('v1-stable-2 · Kubernetes · Basic'));
    expect(await field('Version name').inputValue()).toBe('v1-stable-3');
    expect(await field('Image').inputValue()).toBe('nginx:1.28');
    expect(await field('Replicas').inputValue()).toBe('2');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });

    // A Heat version: its template in the editor, its flavor and volume type.
    await page.goto(`/apps/${appIds.get(heatApp)}`);
    await page.getByRole('button', { name: 'Create version' }).first().click();
    await expectVisible(form.getByText('v1 · Heat'));
    expect(await form.getByRole('tab', { name: 'Heat' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await field('Version name').inputValue()).toBe('v2');
    expect(await field('Heat template').inputValue()).toBe(sampleHeatTemplate);
    await expectVisible(form.getByTitle(/^Small · 4 vCPU/));
    expect(await form.getByRole('radio', { name: 'HDD' }).isChecked()).toBe(true);
    await screenshot(page, 'apps-create-version-heat-prefilled');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });
  });

  it('shows a deployment with its cluster, replicas, status, ports and load balancer', async () => {
    await page.goto(`/apps/${appIds.get(basicApp)}`);
    const link = versionCard('v1-stable').getByRole('link', { name: /Deployed/ });
    await link.click();
    await page.waitForURL(`**/apps/${appIds.get(basicApp)}/*`);
    const view = page.getByTestId('deployment-view');
    await expectVisible(view);
    await expectVisible(view.getByRole('heading', { name: `v1-stable on ${clusterName}` }));

    const card = (name: string) => view.getByRole('region', { name, exact: true });
    await expectVisible(card('Current cluster').getByText('Montréal'));
    expect(await card('Current cluster').getByRole('link').getAttribute('href')).toBe(
      '/datacenters/ca-montreal',
    );
    expect(await card('Replicas').getByText('2', { exact: true }).count()).toBe(1);
    await expectVisible(card('Replicas').getByText(/^\d+ ready$/));
    await expectVisible(card('Status').getByText('Deployed', { exact: true }));
    await expectVisible(card('Ports').getByText('80', { exact: true }));
    await expectVisible(card('Load-balancer address').locator('code'));
    expect((await card('Load-balancer address').locator('code').textContent())?.trim()).not.toBe(
      '',
    );
    await expectVisible(card('Domain names'));
    // Flavor and volume type size a Heat stack: a Kubernetes deployment has neither card.
    expect(await card('Flavor').count()).toBe(0);
    expect(await card('Volume type').count()).toBe(0);
    await screenshot(page, 'apps-deployment-basic');

    await page.goto(`/apps/${appIds.get(heatApp)}`);
    await versionCard('v1')
      .getByRole('link', { name: /Deployed/ })
      .click();
    await page.waitForURL(`**/apps/${appIds.get(heatApp)}/*`);
    await expectVisible(card('Flavor').getByText('Small', { exact: true }));
    await expectVisible(card('Volume type').getByText('HDD', { exact: true }));
    await expectVisible(card('Status').getByText('Deployed', { exact: true }));
    await screenshot(page, 'apps-deployment-heat');
  });

  it('deletes an app after a confirmation and lands on the home page', async () => {
    await page.goto(`/apps/${appIds.get(advancedApp)}`);
    await page.getByRole('button', { name: 'Delete app' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: `Delete ${advancedApp}?` });
    await expectVisible(
      confirm.getByText(/^All versions and deployments of this app are deleted as well\./),
    );
    await screenshot(page, 'apps-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete app' }).click();
    // The server answers success at once: the app leaves every list while its deployments are
    // removed, so the console says the deletion has started and goes home.
    const outcome = page
      .locator('.ant-notification-notice')
      .filter({ hasText: /Deletion of .+ has started\.|App deletion unsuccessful\./ })
      .first();
    await expectVisible(outcome);
    // Read before the picture: on a slow machine the notice may close while it is taken.
    expect.soft(await outcome.innerText()).toContain(`Deletion of ${advancedApp} has started.`);
    await screenshot(page, 'apps-delete-outcome');
    await page.waitForURL('**/home', { timeout: 30_000 });
    await tile(advancedApp).waitFor({ state: 'detached', timeout: 30_000 });
    await screenshot(page, 'apps-deleted');
  });
});

async function expectVisible(locator: Locator) {
  await locator.waitFor({ state: 'visible', timeout: 15_000 });
}
