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
const clusterName = 'e2e-heat';
const appName = `wiki-${suffix}`;

/**
 * A Heat template with the spec's five parameters, none with a default (Meridian sets them all),
 * parameters of its own (defaults, constraints) and outputs of each kind.
 */
const wikiTemplate = `heat_template_version: 2018-08-31
description: A wiki behind a floating IP.
parameters:
  keypair_name: {type: string}
  external_network_id: {type: string}
  flavor_id: {type: string, constraints: [{allowed_values: [mini, small, medium]}]}
  image_name: {type: string}
  volume_type: {type: string}
  wiki_port: {type: number, default: 8443, constraints: [{range: {min: 1024, max: 65535}}]}
resources:
  server:
    type: OS::Nova::Server
    properties:
      key_name: {get_param: keypair_name}
      flavor: {get_param: flavor_id}
      image: {get_param: image_name}
      networks: [{network: private}]
  floating_ip:
    type: OS::Neutron::FloatingIP
    properties:
      floating_network: {get_param: external_network_id}
outputs:
  public_ip:
    description: Public address of the wiki (its DNS names point here)
    value: {get_attr: [floating_ip, floating_ip_address]}
  wiki_url:
    description: Open the wiki here
    value:
      str_replace:
        template: https://host:port/wiki/Main_Page
        params:
          host: {get_attr: [floating_ip, floating_ip_address]}
          port: {get_param: wiki_port}
  addresses:
    description: The floating IP, then the server's own address
    value:
      list_join: [', ', [{get_attr: [floating_ip, floating_ip_address]}, {get_attr: [server, first_address]}]]
  ssh_command:
    description: Log in with your Meridian keypair
    value:
      str_replace:
        template: ssh -i KEY.pem debian@HOST
        params:
          KEY: {get_param: keypair_name}
          HOST: {get_attr: [floating_ip, floating_ip_address]}
`;

const withPassword = wikiTemplate.replace(
  '  wiki_port:',
  '  db_password: {type: string, hidden: true}\n  wiki_port:',
);

describe.skipIf(!inject('browserAvailable'))('Heat stack outputs in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: Api;
  let smartClusterUuid: string | undefined;

  beforeAll(async () => {
    const user = await createUserByApi(baseUrl, 'e2e-heat');
    api = authorizedFetch(baseUrl, await logInByApi(baseUrl, user));
    smartClusterUuid = await createSmartClusterByApi(api, {
      name: clusterName,
      datacenters: ['ca-montreal'],
    });
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    page = await context.newPage();
    await logInThroughPage(page, user);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    if (api) await deleteAppsByApi(api, (name) => name.endsWith(`-${suffix}`));
    if (smartClusterUuid) await deleteSmartClusterByApi(api, smartClusterUuid);
  });

  const drawer = () => page.getByRole('dialog').filter({ hasText: 'Create app' });

  async function openHeatForm(): Promise<Locator> {
    await page.goto('/home');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('menuitem', { name: 'App' }).click();
    const form = drawer();
    await expectVisible(form.getByText('Template type'));
    await form.getByLabel('Name', { exact: true }).fill(appName);
    await form.getByLabel('Version', { exact: true }).fill('v1');
    await chooseOption(page, form.getByLabel('Smart cluster', { exact: true }), {
      title: clusterName,
    });
    await form.getByRole('tab', { name: 'Heat' }).click();
    await chooseOption(page, form.getByLabel('Flavor', { exact: true }), { text: /^Small · / });
    return form;
  }

  async function upload(form: Locator, name: string, content: string) {
    await form.locator('input[type="file"]').setInputFiles({
      name,
      mimeType: 'application/yaml',
      buffer: Buffer.from(content),
    });
    await expectVisible(form.getByText(name));
  }

  it('names a parameter that has no default and that Meridian does not set', async () => {
    const form = await openHeatForm();
    await expectVisible(form.getByText(/image_name, volume_type; Meridian sets them all/));
    await upload(form, 'wiki-with-password.yaml', withPassword);
    await expectVisible(
      form.getByText(
        'The Heat template needs a value for parameter "db_password", and it has no default.',
      ),
    );
    // The drawer's footer covers the end of the hint: bring it up for the screenshot.
    await form
      .getByText(/Every other parameter needs a default/)
      .evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'heat-parameter-without-default');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });
  });

  it('deploys a Heat template and shows its stack outputs on the deployment', async () => {
    const form = await openHeatForm();
    await upload(form, 'wiki.yaml', wikiTemplate);
    await form.getByRole('button', { name: 'Create app' }).click();
    await form.waitFor({ state: 'hidden' });
    await page.getByRole('region', { name: 'Apps' }).getByRole('link', { name: appName }).click();
    await page.waitForURL('**/apps/*');
    const deployed = page
      .getByRole('article', { name: 'Version v1', exact: true })
      .getByRole('link', { name: /Montréal · Deployed/ });
    // A stack takes seconds at the e2e time scale; a busy CI machine once took past 30 s.
    await deployed.waitFor({ timeout: 60_000 });
    await deployed.click();
    await page.waitForURL('**/apps/*/*');

    const card = page.getByRole('region', { name: 'Stack outputs', exact: true });
    await expectVisible(card);
    const rows = card.getByTestId('stack-output');
    expect(await rows.locator('dt').allTextContents()).toEqual([
      'public_ip',
      'wiki_url',
      'addresses',
      'ssh_command',
    ]);
    const valueOf = async (row: number) => (await rows.nth(row).locator('code').textContent())!;
    const publicIp = await valueOf(0);
    expect(publicIp).toMatch(/^198\.51\.100\.\d+$/);
    await expectVisible(rows.nth(0).getByText(/Public address of the wiki/));
    expect(await valueOf(1)).toBe(`https://${publicIp}:8443/wiki/Main_Page`);
    expect(await valueOf(2)).toMatch(new RegExp(`^${publicIp}, 203\\.0\\.113\\.\\d+$`));
    expect(await valueOf(3)).toMatch(
      new RegExp(`^ssh -i meridian-[0-9a-f]{8}\\.pem debian@${publicIp}$`),
    );
    // The stack's public address is the deployment's address too (what DNS names point at).
    const address = page.getByRole('region', { name: 'Load-balancer address', exact: true });
    expect((await address.locator('code').textContent())?.trim()).toBe(publicIp);

    await rows.nth(1).getByRole('button', { name: 'Copy wiki_url' }).click();
    await expectVisible(page.getByRole('tooltip').getByText('Copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `https://${publicIp}:8443/wiki/Main_Page`,
    );
    await screenshot(page, 'heat-stack-outputs');

    // The datacenter's network and catalogue image fill the parameters the template left open.
    const parameters = page.getByRole('region', { name: 'Stack parameters', exact: true });
    const parameterRows = parameters.getByTestId('stack-parameter');
    const shown = Object.fromEntries(
      await parameterRows.evaluateAll((rows) =>
        rows.map((row) => [
          row.querySelector('dt')?.textContent,
          row.querySelector('dd')?.textContent,
        ]),
      ),
    );
    expect(shown).toMatchObject({
      external_network_id: 'ext-net-ca-montreal',
      flavor_id: 'small',
      image_name: 'ubuntu-24.04',
      volume_type: 'SSD',
      wiki_port: '8443',
    });
    await parameters.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'heat-stack-parameters');
  }, 120_000);
});

async function expectVisible(locator: Locator) {
  await locator.waitFor({ state: 'visible', timeout: 15_000 });
}
