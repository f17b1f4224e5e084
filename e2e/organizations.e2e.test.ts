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
  type Credentials,
} from './support/session';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();
const suffix = Date.now().toString(36);
const sharedName = `acme-default-${suffix}`;

describe.skipIf(!inject('browserAvailable'))(
  'organisations: invitations and a shared smart cluster',
  () => {
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let owner: Api;
    let ownerUser: Credentials;
    let member: Credentials;
    let organization: { uuid: string; name: string };
    let sharedUuid: string | undefined;

    beforeAll(async () => {
      ownerUser = await createUserByApi(baseUrl, 'e2e-org-owner');
      member = await createUserByApi(baseUrl, 'e2e-org-member');
      owner = authorizedFetch(baseUrl, await logInByApi(baseUrl, ownerUser));
      organization = (await (
        await owner('/auth/organizations', { method: 'POST', body: { name: `Acme ${suffix}` } })
      ).json()) as { uuid: string; name: string };
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
          const answer = await owner(`/cluster/clusters/shared/${sharedUuid}`, {
            method: 'DELETE',
          });
          return answer.status === 200 || answer.status === 404;
        }, 'the shared smart cluster to be deleted');
        await deleteSmartClusterByApi(owner, sharedUuid);
      }
    });

    it('shows the invitee an invitation as it arrives, and makes them a member when they accept', async () => {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Organisations' }).click();
      await page.waitForURL('**/organizations');
      await page.getByText('You belong to no organisation yet').waitFor({ state: 'visible' });
      const invited = await owner(`/auth/organizations/${organization.uuid}/members`, {
        method: 'POST',
        body: { username: member.username },
      });
      expect(invited.status).toBe(202);

      // Live: the event tells the invitee and the page lists the invitation without a reload.
      const invitation = page.getByTestId('invitation');
      await invitation.waitFor({ state: 'visible', timeout: 15_000 });
      expect(await invitation.textContent()).toContain(
        `${ownerUser.username} invited you to join ${organization.name} as member.`,
      );
      await page
        .locator('.ant-notification-notice')
        .getByText(
          `"${ownerUser.username}" invited you to join organisation "${organization.name}".`,
        )
        .waitFor({ state: 'visible', timeout: 5_000 });
      await screenshot(page, 'organizations-invitation');

      await invitation
        .getByRole('button', { name: `Accept the invitation to ${organization.name}` })
        .click();
      const card = page.getByTestId('organization');
      await card.getByRole('heading', { name: organization.name }).waitFor({ state: 'visible' });
      await card.getByText('Your role: Member').waitFor({ state: 'visible' });
      const members = card.getByRole('table', { name: 'Members' });
      await members.getByText(member.username).waitFor({ state: 'visible' });
      await page.getByTestId('invitation').waitFor({ state: 'detached' });
      expect(await card.getByRole('form', { name: 'Invite a member' }).count()).toBe(0);
      await screenshot(page, 'organizations-member');
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

    it('tells an admin an invitation was sent, whether or not the username exists', async () => {
      const ownerContext = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width: 1440, height: 900 },
      });
      try {
        const ownerPage = await ownerContext.newPage();
        await logInThroughPage(ownerPage, ownerUser);
        await ownerPage.goto('/organizations');
        const form = ownerPage.getByRole('form', { name: 'Invite a member' });
        await form.waitFor({ state: 'visible', timeout: 15_000 });
        const outcome = ownerPage.getByTestId('invite-outcome');
        const texts: string[] = [];
        for (const username of [`nobody-${suffix}`, member.username]) {
          await form.getByLabel('Username').fill(username);
          await form.getByRole('button', { name: 'Send invitation' }).click();
          // A sent invitation empties the field; the sentence is then the one for this name.
          await expect.poll(() => form.getByLabel('Username').inputValue()).toBe('');
          await outcome.getByText(/^Invitation sent\./).waitFor({ state: 'visible' });
          texts.push((await outcome.textContent()) ?? '');
          if (texts.length === 1) await screenshot(ownerPage, 'organizations-invitation-sent');
        }
        // An unknown name and a member already read alike: the form tells nobody who exists.
        expect(texts[1]).toBe(texts[0]);
        const members = ownerPage
          .getByTestId('organization')
          .getByRole('table', { name: 'Members' });
        expect(await members.getByText(`nobody-${suffix}`).count()).toBe(0);
      } finally {
        await ownerContext.close();
      }
    });
  },
);
