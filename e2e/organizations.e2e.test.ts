import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import {
  authorizedFetch,
  createSmartClusterByApi,
  createUserByApi,
  deleteSmartClusterByApi,
  logInByApi,
  logInThroughPage,
  pollUntil,
  type Api,
} from './support/session';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();
const suffix = Date.now().toString(36);
const sharedName = `acme-default-${suffix}`;

describe.skipIf(!inject('browserAvailable'))('an organisation’s shared smart cluster', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let owner: Api;
  let sharedUuid: string | undefined;

  beforeAll(async () => {
    const ownerUser = await createUserByApi(baseUrl, 'e2e-org-owner');
    const member = await createUserByApi(baseUrl, 'e2e-org-member');
    owner = authorizedFetch(baseUrl, await logInByApi(baseUrl, ownerUser));
    const organization = (await (
      await owner('/auth/organizations', { method: 'POST', body: { name: `Acme ${suffix}` } })
    ).json()) as { uuid: string };
    const added = await owner(`/auth/organizations/${organization.uuid}/members`, {
      method: 'POST',
      body: { username: member.username },
    });
    expect(added.status).toBe(200);
    sharedUuid = await createSmartClusterByApi(owner, {
      name: sharedName,
      datacenters: ['ca-montreal'],
      default_shared_for_org_uuid: organization.uuid,
    });

    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
    });
    page = await context.newPage();
    await logInThroughPage(page, member);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    if (owner && sharedUuid) {
      await pollUntil(async () => {
        const answer = await owner(`/cluster/clusters/shared/${sharedUuid}`, { method: 'DELETE' });
        return answer.status === 200 || answer.status === 404;
      }, 'the shared smart cluster to be deleted');
      await deleteSmartClusterByApi(owner, sharedUuid);
    }
  });

  it('shows a member the shared smart cluster, marked, with nothing to change', async () => {
    await page.goto('/clusters');
    const card = page
      .getByTestId('smart-cluster-card')
      .filter({ has: page.getByRole('heading', { name: sharedName }) });
    await card.waitFor({ state: 'visible', timeout: 15_000 });
    await card.getByText('Shared', { exact: true }).hover();
    await page
      .getByRole('tooltip', { name: /The default smart cluster of an organisation/ })
      .waitFor({ state: 'visible', timeout: 5_000 });
    await card.getByRole('button', { name: `Actions for ${sharedName}` }).click();
    await page.getByRole('menuitem', { name: 'Details' }).waitFor({ state: 'visible' });
    expect(await page.getByRole('menuitem', { name: 'Update' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await screenshot(page, 'clusters-shared-member');
  });
});
