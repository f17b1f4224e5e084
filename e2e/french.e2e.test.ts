import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { chooseOption } from './support/select-option';
import {
  authorizedFetch,
  createUserByApi,
  deleteAppsByApi,
  deleteSmartClusterByApi,
  logInByApi,
  pollUntil,
  type Api,
  type Credentials,
} from './support/session';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();
const suffix = Date.now().toString(36);

async function expectVisible(locator: Locator) {
  await locator.waitFor({ state: 'visible', timeout: 15_000 });
}

// Issue 40: a browser set to Canadian French (and a dark system theme) gets the console in French
// and dark from the first page, each screen audited by axe: a user signs in, creates a smart
// cluster and an app, and reads every error and notice in French.
describe.skipIf(!inject('browserAvailable'))('the console in French', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let user: Credentials;
  let api: Api;
  const clusterName = `grappe-${suffix}`;
  const appName = `boutique-${suffix}`;

  const notice = (text: string | RegExp) =>
    page.locator('.ant-notification-notice', { hasText: text }).first();

  beforeAll(async () => {
    user = await createUserByApi(baseUrl, 'e2e-francais');
    api = authorizedFetch(baseUrl, await logInByApi(baseUrl, user));
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: baseUrl,
      locale: 'fr-CA',
      // The system's dark theme, which the console follows: this test's screens are fr-CA/dark.
      colorScheme: 'dark',
      viewport: { width: 1440, height: 900 },
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    if (api) {
      await deleteAppsByApi(api, (name) => name === appName);
      const clusters = (await (await api('/cluster/smart_clusters')).json()) as {
        uuid: string;
        name: string;
      }[];
      const made = clusters.find((cluster) => cluster.name === clusterName);
      if (made) await deleteSmartClusterByApi(api, made.uuid);
    }
  });

  it('signs in on a login page in French, its messages in French', async () => {
    await page.goto('/login');
    expect(await page.getAttribute('html', 'lang')).toBe('fr-CA');
    await expectVisible(page.getByText('Nom d’utilisateur'));
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expectVisible(page.getByText('Veuillez entrer un nom d’utilisateur'));
    await expectVisible(page.getByText('Veuillez entrer un mot de passe'));
    await screenshot(page, 'french-login-empty');
    await page.getByLabel('Nom d’utilisateur').fill(user.username);
    await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL('**/home');
    await expectVisible(page.getByRole('heading', { name: 'Accueil' }));
    await screenshot(page, 'french-home');
  });

  it('creates a smart cluster; the form’s messages and the notices are French', async () => {
    await page.goto('/clusters');
    await expectVisible(page.getByRole('heading', { name: 'Grappes intelligentes' }));
    await page.getByRole('button', { name: 'Créer une grappe' }).first().click();
    const form = page.getByRole('dialog').filter({ hasText: 'Créer une grappe' });
    await form.getByRole('button', { name: 'Créer', exact: true }).click();
    await expectVisible(form.getByText('Veuillez fournir un nom'));
    await expectVisible(form.getByText('Veuillez choisir au moins un centre de données'));
    await form.getByLabel('Nom', { exact: true }).fill(clusterName);
    await chooseOption(page, form.getByLabel('Centres de données'), {
      text: 'Montréal',
      search: 'Montréal',
    });
    await page.keyboard.press('Escape');
    // Amounts as Canadian French writes them: « 63,51 $ ».
    await expectVisible(form.getByTestId('minimum-cost').getByText(/\d+,\d\d\s\$/));
    await screenshot(page, 'french-create-cluster');
    await form.getByRole('button', { name: 'Créer', exact: true }).click();
    await expectVisible(notice('La création de la grappe a commencé.'));
    // The live event, titled by the console in French, once the cluster is up.
    await expectVisible(notice(`Grappe intelligente « ${clusterName} » : création terminée.`));
    await screenshot(page, 'french-cluster-created');
  });

  it('creates an app; the notices are French', async () => {
    await page.goto('/home');
    await page.getByRole('button', { name: 'Créer', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Application' }).click();
    const form = page.getByRole('dialog').filter({ hasText: 'Créer une application' });
    await form.getByLabel('Nom', { exact: true }).fill(appName);
    await form.getByLabel('Version', { exact: true }).fill('v1');
    await chooseOption(page, form.getByLabel('Grappe intelligente', { exact: true }), {
      title: clusterName,
    });
    await form.getByRole('tab', { name: 'De base' }).click();
    await form.getByLabel('Image', { exact: true }).fill('nginx:1.27');
    await form.getByLabel('Port cible', { exact: true }).fill('8080');
    await form.getByLabel('Port', { exact: true }).fill('80');
    await screenshot(page, 'french-create-app');
    await form.getByRole('button', { name: 'Créer l’application' }).click();
    await expectVisible(notice('La création de l’application a commencé.'));
    await expectVisible(notice(`Application « ${appName} » : création terminée.`));
  });

  it('reads a refusal of the server in French', async () => {
    await page.goto('/domain');
    await page.getByRole('button', { name: 'Ajouter un domaine' }).first().click();
    const drawer = page.getByTestId('create-domain-form');
    await drawer.getByLabel('Nom de domaine', { exact: true }).fill('co.uk');
    await drawer.getByRole('button', { name: 'Ajouter le domaine' }).click();
    await expectVisible(page.getByText(/co\.uk est un suffixe public/).first());
    await screenshot(page, 'french-server-refusal');
    await page.keyboard.press('Escape');
  });

  it('lists its notifications in French, and switches to English from the account menu', async () => {
    await page.goto('/notifications');
    await expectVisible(
      page.getByText(`Grappe intelligente « ${clusterName} » : création terminée.`).first(),
    );
    await screenshot(page, 'french-notifications');
    await page.getByRole('button', { name: /, menu du compte$/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expectVisible(page.getByText(`Smart cluster "${clusterName}" created.`).first());
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await pollUntil(
      async () =>
        ((await (await api('/auth/session')).json()) as { locale: string | null }).locale === 'en',
      'the account to remember English',
    );
  });
});
