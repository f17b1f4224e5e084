import { wideTemplate } from '@meridian/domain/apps/wide-template.test-support';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { chooseOption } from './support/select-option';
import {
  type Api,
  appByApi,
  authorizedFetch,
  createBasicAppByApi,
  createSmartClusterByApi,
  createUserByApi,
  deleteAppsByApi,
  deleteSmartClusterByApi,
  logInByApi,
  logInThroughPage,
  pollUntil,
} from './support/session';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();
const suffix = Date.now().toString(36);
const appName = `ledger-${suffix}`;

/** Every deployment of the app has settled (success or failure). */
async function deploymentsSettled(api: Api, appUuid: string, count: number): Promise<boolean> {
  const app = await appByApi(api, appUuid);
  return (
    app.deployments.length === count &&
    app.deployments.every((deployment) => ['success', 'failure'].includes(deployment.status))
  );
}

describe.skipIf(!inject('browserAvailable'))('app history and version diff in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: Api;
  let smartClusterUuid: string | undefined;
  let appUuid: string;

  beforeAll(async () => {
    const user = await createUserByApi(baseUrl, 'e2e-history');
    api = authorizedFetch(baseUrl, await logInByApi(baseUrl, user));
    smartClusterUuid = await createSmartClusterByApi(api, {
      name: 'e2e-history',
      datacenters: ['ca-montreal', 'ca-toronto'],
    });
    appUuid = await createBasicAppByApi(api, { name: appName, smartClusterUuid, replicas: 2 });
    await pollUntil(() => deploymentsSettled(api, appUuid, 2), 'v1 to be deployed', 60_000);

    // A second version with another image and more replicas, deployed beside the first.
    const form = new FormData();
    form.set('name', 'v2');
    form.set('template_type', 'KUBERNETES_BASIC');
    form.set(
      'template',
      JSON.stringify({
        deploymentImage: 'nginx:1.28',
        deploymentReplicas: 3,
        deploymentTargetPort: 8080,
        deploymentPort: 80,
        dockerRegistryType: 'public',
      }),
    );
    const created = await api(`/meridian/v1/kube/apps/${appUuid}/versions`, {
      method: 'POST',
      body: form,
    });
    expect(created.status).toBe(200);
    const v2 = ((await created.json()) as { uuid: string }).uuid;
    // Deployed where v1 runs, v2 replaces it: the answer is that rollout, one location at a time.
    const deployed = await api('/cluster/clusters/versions', {
      method: 'POST',
      body: { version_uuid: v2, smart_cluster_uuids: [smartClusterUuid], bake_seconds: 0 },
    });
    expect(deployed.status).toBe(200);
    const rollout = (await deployed.json()) as { uuid: string };
    await pollUntil(
      async () => {
        const read = await api(`/meridian/v1/kube/apps/rollouts/${rollout.uuid}`);
        return ((await read.json()) as { status: string }).status === 'completed';
      },
      'v2 to replace v1',
      60_000,
    );
    await pollUntil(() => deploymentsSettled(api, appUuid, 2), 'v2 to run', 60_000);

    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 1000 },
    });
    page = await context.newPage();
    await logInThroughPage(page, user);
  }, 180_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    if (api) await deleteAppsByApi(api, (name) => name === appName);
    if (smartClusterUuid) await deleteSmartClusterByApi(api, smartClusterUuid);
  });

  it('shows the timeline: who deployed which version where, and how it went', async () => {
    await page.goto(`/apps/${appUuid}`);
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Changed to version v2').first().waitFor();
    const entries = history.getByTestId('history-entry');
    // v1 created and deployed, v2 created, then the user's change to v2 and one entry per location.
    await expect.poll(() => entries.count()).toBe(6);
    const change = entries.filter({ hasText: /by e2e-history-/ }).first();
    await expect
      .poll(() => change.innerText())
      .toMatch(/Changed to version v2[\s\S]*from v1[\s\S]*on e2e-history[\s\S]*Succeeded/);
    await history.getByText('Montréal · Succeeded').first().waitFor();
    await history.getByText('Toronto · Succeeded').first().waitFor();
    await history.scrollIntoViewIfNeeded();
    await screenshot(page, 'history-timeline', { fullPage: true });

    // Filtering by version leaves the entries that put v1 in place or replaced it.
    await chooseOption(page, history.getByLabel('Filter by version'), { title: 'v1' });
    await expect.poll(() => entries.count()).toBe(5);
    await history.getByText('Version v1 created').waitFor();
  });

  it('opens the diff of two versions side by side', async () => {
    await page.goto(`/apps/${appUuid}`);
    const history = page.getByRole('region', { name: 'History' });
    const v2Deployed = history
      .getByTestId('history-entry')
      .filter({ hasText: 'Changed to version v2' })
      .first();
    await v2Deployed.getByRole('button', { name: 'Compare' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Compare versions' });
    const table = dialog.getByTestId('version-diff');
    await table.waitFor();
    await table.getByText('- image: nginx:1.27').waitFor();
    await table.getByText('+ image: nginx:1.28').waitFor();
    await table.getByText('+ replicas: 3').waitFor();
    await expect.poll(() => dialog.getByTestId('diff-summary').innerText()).toMatch(/added/);
    await screenshot(page, 'version-diff');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('says two versions are too different to compare line by line, with their line counts', async () => {
    // Two Advanced versions differing on 8,000 lines: past the diff's bound.
    for (const [name, value] of [
      ['wide-a', 'a'],
      ['wide-b', 'b'],
    ] as const) {
      const form = new FormData();
      form.set('name', name);
      form.set('template_type', 'KUBERNETES_ADVANCED');
      form.set('template', new Blob([wideTemplate(value)]), `${name}.yaml`);
      const created = await api(`/meridian/v1/kube/apps/${appUuid}/versions`, {
        method: 'POST',
        body: form,
      });
      expect(created.status).toBe(200);
    }
    const lines = (wideTemplate('a').split('\n').length - 1).toLocaleString('en');
    await page.goto(`/apps/${appUuid}`);
    const card = page
      .getByTestId('version-card')
      .filter({ has: page.getByRole('heading', { name: 'wide-b' }) });
    await card.getByRole('button', { name: 'Compare' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Compare versions' });
    await chooseOption(page, dialog.getByLabel('From'), { title: 'wide-a' });
    await chooseOption(page, dialog.getByLabel('To'), { title: 'wide-b' });
    const notice = dialog.getByTestId('diff-too-different');
    await notice.waitFor();
    expect(await notice.innerText()).toContain(
      `wide-a (${lines} lines) and wide-b (${lines} lines) are too different to show line by line.`,
    );
    expect(await dialog.getByTestId('diff-summary').count()).toBe(0);
    await screenshot(page, 'version-diff-too-different');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('offers to roll back to v1 and names the smart cluster in its confirmation', async () => {
    await page.goto(`/apps/${appUuid}`);
    const history = page.getByRole('region', { name: 'History' });
    const v1Deployed = history
      .getByTestId('history-entry')
      .filter({ hasText: 'Version v1 deployed' });
    await v1Deployed.getByRole('button', { name: 'Roll back to this version' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Roll back to v1?' });
    await confirm
      .getByText('e2e-history will run version v1 again. Its 2 locations are taken one at a time', {
        exact: false,
      })
      .waitFor();
    await cancel(confirm);

    // The version cards offer it too: on v1, which no longer runs there, not on v2.
    const card = (name: string) =>
      page.getByTestId('version-card').filter({ has: page.getByRole('heading', { name }) });
    await card('v1').getByRole('button', { name: 'Roll back to this version' }).click();
    await confirm.waitFor();
    await cancel(confirm);
    expect(
      await card('v2').getByRole('button', { name: 'Roll back to this version' }).count(),
    ).toBe(0);
    await card('v2').getByRole('button', { name: 'Compare' }).waitFor();
  });
});

/**
 * Cancels a confirmation; a click that lands while the dialog still zooms in can be lost (seen
 * once in CI), so it is tried once more before the dialog must be gone.
 */
async function cancel(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const closed = await dialog
    .waitFor({ state: 'hidden', timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
  if (closed) return;
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
}
