import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { chooseOption } from './support/select-option';
import { startMeridianServer, type MeridianServer } from './support/meridian-server';
import {
  type Api,
  appByApi,
  authorizedFetch,
  createBasicAppByApi,
  createSmartClusterByApi,
  createUserByApi,
  logInByApi,
  logInThroughPage,
  pollUntil,
} from './support/session';

const sha = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';

// Issue 39: the git source form on the app page, and a signed push shown in its history.
describe.skipIf(!inject('browserAvailable'))('an app’s git source in Chromium', () => {
  let server: MeridianServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: Api;
  let appUuid = '';
  let secret = '';
  let webhookUrl = '';

  /** Sends a delivery as GitHub signs it, to the webhook URL the card showed. */
  function deliver(event: string, delivery: string, payload: object): Promise<Response> {
    const body = JSON.stringify(payload);
    const signature = createHmac('sha256', secret).update(body).digest('hex');
    return fetch(`${server.baseUrl}${new URL(webhookUrl).pathname}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${signature}`,
        'x-github-event': event,
        'x-github-delivery': delivery,
      },
      body,
    });
  }

  beforeAll(async () => {
    server = await startMeridianServer();
    const user = await createUserByApi(server.baseUrl, 'e2e-git');
    api = authorizedFetch(server.baseUrl, await logInByApi(server.baseUrl, user));
    const smart = await createSmartClusterByApi(api, {
      name: 'e2e-git',
      datacenters: ['ca-montreal'],
    });
    appUuid = await createBasicAppByApi(api, { name: 'e2e-git-shop', smartClusterUuid: smart });
    await pollUntil(async () => {
      const app = await appByApi(api, appUuid);
      return app.deployments.length > 0 && app.deployments.every((d) => d.status === 'success');
    }, 'the app to run');
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

  it('connects a repository through the form, shows the secret once, and a push in the history', async () => {
    await page.goto(`/apps/${appUuid}`);
    const card = page.getByRole('region', { name: 'Git source' });
    await card.getByLabel('Repository', { exact: true }).fill('acme/shop');
    await card.getByLabel('Image', { exact: true }).fill('ghcr.io/acme/shop:{short_sha}');
    await card.getByRole('button', { name: 'Connect repository' }).click();
    secret = await card.getByTestId('git-secret').innerText();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    webhookUrl = await card.getByTestId('git-webhook-url').innerText();
    expect(webhookUrl).toMatch(/\/hooks\/github\/[0-9a-f-]{36}$/);
    await screenshot(page, 'git-source-connected', { fullPage: true });

    // No bake, so the push's rollout ends at once; then a signed push as GitHub sends it.
    const source = (await (await api(`/meridian/v1/kube/apps/${appUuid}/git`)).json()) as {
      branch: string;
      image: string;
      smart_cluster_uuids: string[];
    };
    const put = await api(`/meridian/v1/kube/apps/${appUuid}/git`, {
      method: 'PUT',
      body: {
        branch: source.branch,
        image: source.image,
        smart_cluster_uuids: source.smart_cluster_uuids,
        bake_seconds: 0,
      },
    });
    expect(put.status).toBe(200);
    const pushed = await deliver('push', 'e2e-delivery-1', {
      ref: 'refs/heads/main',
      after: sha,
      pusher: { name: 'alice' },
      head_commit: { id: sha, author: { username: 'alice' } },
    });
    expect(pushed.status).toBe(200);
    await page.getByText('from GitHub push a1b2c3d by alice').first().waitFor({ timeout: 60_000 });
    await page.reload();
    await page
      .getByRole('region', { name: 'Git source' })
      .getByText('acme/shop', { exact: true })
      .waitFor();
    await screenshot(page, 'git-source-pushed', { fullPage: true });
  }, 180_000);

  it('turns previews on in the form, shows a pull request’s preview and drops it once closed', async () => {
    const card = page.getByRole('region', { name: 'Git source' });
    await card.getByRole('button', { name: 'Edit' }).click();
    await chooseOption(page, card.getByLabel('Smart cluster previews deploy to'), {
      title: 'e2e-git',
    });
    await card.getByRole('button', { name: 'Save' }).click();
    // The details again, saying where previews go.
    await card.getByRole('button', { name: 'Edit' }).waitFor();
    await expect
      .poll(() => card.locator('.ant-descriptions').innerText())
      .toMatch(/Previews\s+e2e-git/);

    const pullRequest = (action: string) => ({
      action,
      pull_request: {
        number: 12,
        title: 'Faster checkout',
        head: { ref: 'faster-checkout', sha: 'b2c3d4e5f60718293a4b5c6d7e8f901234567890' },
        base: { ref: 'main' },
        user: { login: 'octocat' },
      },
    });
    expect((await deliver('pull_request', 'e2e-pr-open', pullRequest('opened'))).status).toBe(200);
    const previews = page.getByRole('region', { name: 'Previews' });
    const row = previews.getByRole('listitem', { name: 'Preview of request 12' });
    await row.waitFor({ timeout: 30_000 });
    await row
      .locator('[data-testid="deployment-status"][data-status="success"]')
      .waitFor({ timeout: 60_000 });
    expect(await row.innerText()).toMatch(/#12[\s\S]*Faster checkout[\s\S]*from faster-checkout/);
    await row.getByText('b2c3d4e').waitFor();
    await previews.scrollIntoViewIfNeeded();
    await screenshot(page, 'git-preview-card');

    expect((await deliver('pull_request', 'e2e-pr-close', pullRequest('closed'))).status).toBe(200);
    await previews
      .getByText('Open a pull request against main to get a preview.')
      .waitFor({ timeout: 60_000 });
    expect(await row.count()).toBe(0);

    // Disconnecting asks first, saying what goes with it.
    await card.getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('tooltip').filter({ hasText: 'Its webhook stops working' });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Disconnect acme/shop?');
    await screenshot(page, 'git-source-disconnect');
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await card.getByRole('button', { name: 'Connect repository' }).waitFor();
  }, 180_000);
});
