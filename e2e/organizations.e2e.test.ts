import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import {
  authorizedFetch,
  createBasicAppByApi,
  createSmartClusterByApi,
  createUserByApi,
  deleteAppsByApi,
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
        `${ownerUser.username} invited you to join ${organization.name} as developer.`,
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
      await card.getByText('Your role: Developer').waitFor({ state: 'visible' });
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

describe.skipIf(!inject('browserAvailable'))(
  'organisations: roles, ownership and the acting account',
  () => {
    const teamName = `Team ${suffix}`;
    const appName = `team-app-${suffix}`;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let founder: Credentials;
    let successor: Credentials;
    let successorApi: Api;
    let founderId = '';
    let teamUuid = '';
    let clusterUuid: string | undefined;

    const card = () => page.getByTestId('organization').filter({ hasText: teamName });

    beforeAll(async () => {
      founder = await createUserByApi(baseUrl, 'e2e-org-founder');
      successor = await createUserByApi(baseUrl, 'e2e-org-successor');
      founderId = (await logInByApi(baseUrl, founder)).userId;
      successorApi = authorizedFetch(baseUrl, await logInByApi(baseUrl, successor));
      browser = await launchBrowser();
      context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width: 1440, height: 900 },
      });
      page = await context.newPage();
      await logInThroughPage(page, founder);
    });
    afterAll(async () => {
      await context?.close();
      await browser?.close();
      if (teamUuid) {
        const session = await logInByApi(baseUrl, successor);
        const inTeam = authorizedFetch(baseUrl, session, teamUuid);
        await deleteAppsByApi(inTeam, (name) => name === appName);
        if (clusterUuid) await deleteSmartClusterByApi(inTeam, clusterUuid);
      }
    });

    it('creates an organisation, takes a member in, changes their role and hands it over', async () => {
      await page.goto('/organizations');
      await page.getByRole('button', { name: 'Create organisation' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill(teamName);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await card().getByText('Your role: Owner').waitFor({ state: 'visible' });
      const organizations = (await (
        await authorizedFetch(baseUrl, await logInByApi(baseUrl, founder))('/auth/organizations')
      ).json()) as { uuid: string; name: string }[];
      teamUuid = organizations.find((entry) => entry.name === teamName)?.uuid ?? '';
      expect(teamUuid).not.toBe('');

      const form = card().getByRole('form', { name: 'Invite a member' });
      await form.getByLabel('Username').fill(successor.username);
      await form.getByRole('combobox', { name: 'Role' }).click();
      await page.locator('.ant-select-dropdown:visible').getByTitle('Viewer').click();
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await page
        .getByTestId('invite-outcome')
        .getByText(/^Invitation sent\./)
        .waitFor();

      const invitations = (await (await successorApi('/auth/invitations')).json()) as {
        uuid: string;
        organization_uuid: string;
      }[];
      const invitation = invitations.find((entry) => entry.organization_uuid === teamUuid);
      expect(invitation).toBeDefined();
      const accepted = await successorApi(`/auth/invitations/${invitation?.uuid}/accept`, {
        method: 'POST',
      });
      expect(accepted.status).toBe(200);
      // The inviter is not told live when an invitation is accepted: the list is read again.
      await page.reload();

      const role = card().getByRole('combobox', { name: `Role of ${successor.username}` });
      await role.waitFor({ state: 'visible', timeout: 15_000 });
      await role.click();
      await page.locator('.ant-select-dropdown:visible').getByTitle('Developer').click();
      await expect
        .poll(
          async () =>
            (await card()
              .getByRole('row', { name: /developer/i })
              .count()) > 0,
        )
        .toBe(true);
      await screenshot(page, 'organizations-roles');

      await card().getByRole('button', { name: 'Transfer ownership' }).click();
      const transfer = page.getByRole('dialog').filter({ hasText: 'Transfer ownership of' });
      await transfer.getByRole('combobox', { name: 'New owner' }).click();
      await page.locator('.ant-select-dropdown:visible').getByTitle(successor.username).click();
      await transfer
        .getByText(`${successor.username} will own ${teamName}, and you will be an admin.`)
        .waitFor();
      await screenshot(page, 'organizations-transfer');
      await transfer.getByRole('button', { name: 'Transfer ownership' }).click();
      await card().getByText('Your role: Admin').waitFor({ state: 'visible' });
      // Only an owner may hand the organisation over or delete it: now disabled, saying why.
      await card().getByRole('button', { name: 'Transfer ownership' }).hover({ force: true });
      await page
        .getByRole('tooltip', { name: `Needs the owner role in ${teamName} (yours: admin)` })
        .waitFor({ state: 'visible' });
      await screenshot(page, 'organizations-after-transfer');
    });

    it('lists the organisation’s apps only while acting in it', async () => {
      const session = await logInByApi(baseUrl, successor);
      const inTeam = authorizedFetch(baseUrl, session, teamUuid);
      clusterUuid = await createSmartClusterByApi(inTeam, {
        name: `team-cluster-${suffix}`,
        datacenters: ['ca-montreal'],
      });
      await createBasicAppByApi(inTeam, { name: appName, smartClusterUuid: clusterUuid });

      await page.goto('/home');
      const apps = page.getByRole('region', { name: 'Apps' });
      const tile = apps.getByRole('link', { name: appName, exact: true });
      await page.getByRole('button', { name: 'Acting account: Personal' }).click();
      await page.getByRole('menuitemradio', { name: `${teamName} · admin` }).click();
      await tile.waitFor({ state: 'visible', timeout: 15_000 });
      await page.getByRole('button', { name: `Acting account: ${teamName}` }).waitFor();
      await screenshot(page, 'organizations-acting');

      await page.getByRole('button', { name: `Acting account: ${teamName}` }).click();
      await page.getByRole('menuitemradio', { name: 'Personal' }).click();
      await tile.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Acting account: Personal' }).waitFor();
    });

    it('shows a viewer the actions their role forbids, disabled and saying why', async () => {
      const session = await logInByApi(baseUrl, successor);
      const demoted = await authorizedFetch(baseUrl, session)(
        `/auth/organizations/${teamUuid}/members/${founderId}`,
        { method: 'PUT', body: { role: 'viewer' } },
      );
      expect(demoted.status).toBe(200);

      await page.goto('/home');
      await page.getByRole('button', { name: 'Acting account: Personal' }).click();
      await page.getByRole('menuitemradio', { name: `${teamName} · viewer` }).click();
      const tile = page
        .getByRole('region', { name: 'Apps' })
        .getByRole('link', { name: appName, exact: true });
      await tile.click();
      await page.waitForURL('**/apps/*');
      const remove = page.getByRole('button', { name: 'Delete app' });
      await remove.waitFor({ state: 'visible', timeout: 15_000 });
      expect(await remove.isDisabled()).toBe(true);
      await remove.hover({ force: true });
      await page
        .getByRole('tooltip', { name: `Needs the admin role in ${teamName} (yours: viewer)` })
        .waitFor({ state: 'visible' });
      await screenshot(page, 'organizations-viewer-app');
      const newVersion = page.getByRole('button', { name: 'Create version' }).first();
      expect(await newVersion.isDisabled()).toBe(true);
      await newVersion.hover({ force: true });
      await page
        .getByRole('tooltip', { name: `Needs the developer role in ${teamName} (yours: viewer)` })
        .waitFor({ state: 'visible' });
      await screenshot(page, 'organizations-viewer-version');
    });
  },
);
