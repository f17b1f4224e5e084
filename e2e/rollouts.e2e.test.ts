import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
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

const appName = 'e2e-rollouts';
const brokenImage = 'nginx:1.99-broken';

/** A Kubernetes Basic version of nginx with this image (POST …/versions), not deployed: its uuid. */
async function createVersion(api: Api, appUuid: string, name: string, image: string) {
  const form = new FormData();
  form.set('name', name);
  form.set('template_type', 'KUBERNETES_BASIC');
  form.set(
    'template',
    JSON.stringify({
      deploymentImage: image,
      deploymentReplicas: 1,
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
  return ((await created.json()) as { uuid: string }).uuid;
}

/** The rows of a rollout's locations, as `location: state` in the order they are taken. */
async function stepStates(rollout: Locator): Promise<string[]> {
  const rows = rollout.getByTestId('rollout-step');
  const states: string[] = [];
  for (let index = 0; index < (await rows.count()); index += 1) {
    const row = rows.nth(index);
    states.push(
      `${await row.getAttribute('data-location')}: ${await row.getAttribute('data-state')}`,
    );
  }
  return states;
}

/**
 * Starts a rollout of `versionUuid` from a deployment, baking an hour per location. The rollout
 * before may still be taking its last location back (409): the new one waits for it.
 */
async function startRollout(api: Api, deploymentUuid: string, versionUuid: string) {
  let answer = '';
  await pollUntil(async () => {
    const started = await api(`/meridian/v1/kube/apps/deployment/${deploymentUuid}/rollback`, {
      method: 'POST',
      body: { version_uuid: versionUuid, bake_seconds: 3600 },
    });
    answer = `${started.status} ${await started.text()}`;
    return started.status !== 409;
  }, 'the rollout before to let a new one start');
  expect(answer).toMatch(/^200 /);
}

// A server of its own: its simulator never lets the broken image become available in Montréal.
describe.skipIf(!inject('browserAvailable'))('progressive rollouts in Chromium', () => {
  let server: MeridianServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: Api;
  let appUuid: string;

  beforeAll(async () => {
    server = await startMeridianServer({
      MERIDIAN_SIM_FAIL_ROLLOUTS: `ca-montreal@${brokenImage}`,
      // No traffic sampled during the suite: every location served 0 requests, so a rollout
      // takes them by name (London, Montréal, Tokyo) instead of by the simulator's random traffic.
      MERIDIAN_TRAFFIC_SAMPLE_SECONDS: '86400',
    });
    const user = await createUserByApi(server.baseUrl, 'e2e-rollouts');
    api = authorizedFetch(server.baseUrl, await logInByApi(server.baseUrl, user));
    const smartClusterUuid = await createSmartClusterByApi(api, {
      name: 'e2e-rollouts',
      datacenters: ['gb-london', 'ca-montreal', 'jp-tokyo'],
    });
    appUuid = await createBasicAppByApi(api, { name: appName, smartClusterUuid });
    await pollUntil(
      async () => {
        const { deployments } = await appByApi(api, appUuid);
        return deployments.length === 3 && deployments.every((each) => each.status === 'success');
      },
      'v1 to run in the three locations',
      60_000,
    );
    await createVersion(api, appUuid, 'v2', brokenImage);

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

  it('says what is live and where each version runs, and deploys a new one as a rollout', async () => {
    await page.goto(`/apps/${appUuid}`);
    const card = (name: string) =>
      page.getByTestId('version-card').filter({ has: page.getByRole('heading', { name }) });
    // v1 runs in three locations, v2 nowhere: their tags say so (not 'Created' for both).
    await card('v1').getByTestId('version-status').filter({ hasText: 'Deployed' }).waitFor();
    expect(await card('v2').getByTestId('version-status').innerText()).toBe('Not deployed');
    for (const location of ['London', 'Montréal', 'Tokyo']) {
      await card('v1')
        .getByRole('link', { name: new RegExp(`${location} · Deployed`) })
        .waitFor();
    }
    // The version card's body keeps every location in view: nothing is cut off at its edge.
    const clipped = await card('v1')
      .getByTestId('version-card-body')
      .evaluate((element) => {
        const body = element.getBoundingClientRect();
        const list = element.querySelector('ul')!;
        return Array.from(list.querySelectorAll('li')).some(
          (item) => item.getBoundingClientRect().bottom > body.bottom,
        );
      });
    expect(clipped).toBe(false);

    // One summary of what is live: the version on the smart cluster, where, and its address.
    const live = page.getByTestId('live-summary');
    const row = live.getByTestId('live-smart-cluster');
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => row.innerText(), { timeout: 15_000 })
      .toMatch(/e2e-rollouts[\s\S]*v1[\s\S]*Deployed[\s\S]*London, Montréal, Tokyo/);
    const open = row.getByRole('link', { name: /Open in a new tab$/ }).first();
    expect(await open.getAttribute('href')).toMatch(/^http:\/\/[\d.]+(:\d+)?$/);
    expect(await open.getAttribute('target')).toBe('_blank');
    await screenshot(page, 'app-live-summary', { fullPage: true });

    // A newer version is deployed, never "rolled back to".
    expect(
      await card('v2').getByRole('button', { name: 'Roll back to this version' }).count(),
    ).toBe(0);
    expect(await card('v1').getByRole('button', { name: 'Deploy this version' }).count()).toBe(0);
    await card('v2').getByRole('button', { name: 'Deploy this version' }).waitFor();
  });

  it('halts at the location where the new version fails, rolls it back and skips the rest', async () => {
    await page.goto(`/apps/${appUuid}`);
    const rollouts = page.getByRole('region', { name: 'Rollouts' });
    expect(await rollouts.count()).toBe(0);

    const card = page
      .getByTestId('version-card')
      .filter({ has: page.getByRole('heading', { name: 'v2' }) });
    await card.getByRole('button', { name: 'Deploy this version' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Deploy v2?' });
    await confirm
      .getByText('e2e-rollouts runs v1 in 3 locations; they move to the new version, v2,', {
        exact: false,
      })
      .waitFor();
    await confirm.getByLabel('Bake time per location (seconds)').fill('0');
    await screenshot(page, 'deploy-this-version');
    await confirm.getByRole('button', { name: 'Deploy' }).click();
    await confirm.waitFor({ state: 'hidden' });

    // Running, then halted: the card follows it without a reload.
    await rollouts.waitFor();
    const latest = rollouts.locator('.ant-collapse-item').first();
    await latest
      .getByTestId('rollout-status')
      .filter({ hasText: 'Halted' })
      .waitFor({ timeout: 60_000 });
    await expect
      .poll(() => stepStates(latest))
      .toEqual(['London: done', 'Montréal: rolled_back', 'Tokyo: skipped']);
    await latest.getByText('v1 → v2 on e2e-rollouts').waitFor();
    await latest
      .getByTestId('rollout-reason')
      .getByText('Halted at Montréal.', { exact: false })
      .waitFor();
    await latest.getByText(/^Rolled back: Deployment .+ did not become available/).waitFor();
    await latest.getByText('Skipped').waitFor();
    await latest.getByText(/^Healthy/).waitFor();
    expect(await latest.getByRole('button', { name: 'Abort' }).count()).toBe(0);
    // Its top at the top of the window: the notices at the bottom left hide none of it.
    await rollouts.evaluate((element) => element.scrollIntoView());
    await screenshot(page, 'rollout-halted');

    // What is live says it: v2 in London, v1 in the two others; each location runs one version.
    const row = page.getByTestId('live-summary').getByTestId('live-smart-cluster');
    await expect
      .poll(() => row.getByTestId('live-version').allInnerTexts(), { timeout: 15_000 })
      .toEqual([
        expect.stringMatching(/^v1\s*Deployed\s*Montréal, Tokyo$/),
        expect.stringMatching(/^v2\s*Deployed\s*London$/),
      ]);
    const { deployments } = await appByApi(api, appUuid);
    expect(deployments).toHaveLength(3);
    // From here v2 can go on over the other two, and v1 can take London back.
    const versionCard = (name: string) =>
      page.getByTestId('version-card').filter({ has: page.getByRole('heading', { name }) });
    await versionCard('v2').getByRole('button', { name: 'Deploy this version' }).waitFor();
    await versionCard('v1').getByRole('button', { name: 'Roll back to this version' }).waitFor();
    await page.getByTestId('live-summary').scrollIntoViewIfNeeded();
    await screenshot(page, 'app-live-after-halt');
  }, 90_000);

  it('pauses, resumes and aborts a rollout from its card', async () => {
    const v3 = await createVersion(api, appUuid, 'v3', 'nginx:1.28');
    const { deployments, versions } = await appByApi(api, appUuid);
    const v1 = versions.find((version) => version.name === 'v1')?.uuid;
    const onV1 = deployments.find((each) => each.version_uuid === v1);
    await startRollout(api, onV1!.uuid, v3);

    await page.goto(`/apps/${appUuid}`);
    const rollouts = page.getByRole('region', { name: 'Rollouts' });
    const active = rollouts.getByTestId('rollout');
    await active.getByText('v1 → v3 on e2e-rollouts').waitFor();
    await active
      .getByText(/^Baking until .+ — \d+ min( \d+ s)? left$/)
      .waitFor({ timeout: 30_000 });
    // The halted rollout is still listed, folded, under the one under way.
    await rollouts.getByText('Earlier rollouts').waitFor();

    await active.getByRole('button', { name: 'Pause' }).click();
    await active.getByTestId('rollout-status').filter({ hasText: 'Paused' }).waitFor();
    await active.getByRole('button', { name: 'Resume' }).waitFor();
    // Its top at the top of the window: the notices at the bottom left hide none of it.
    await rollouts.evaluate((element) => element.scrollIntoView());
    await screenshot(page, 'rollout-controls');

    // The deployment's own page says a rollout is under way and leads back to it.
    await page.goto(`/apps/${appUuid}/${onV1?.uuid}`);
    const notice = page.getByTestId('rollout-notice');
    await notice.getByText('A rollout of v3 is paused on e2e-rollouts.').waitFor();
    await notice.getByRole('link', { name: 'See its progress' }).click();
    await page.waitForURL(`**/apps/${appUuid}#rollouts`);

    await active.getByRole('button', { name: 'Resume' }).click();
    await active.getByTestId('rollout-status').filter({ hasText: 'Running' }).waitFor();
    await active.getByRole('button', { name: 'Abort' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Abort the rollout of v3?' });
    await confirm
      .getByText('Every location it reached goes back to the version it ran before: London (v2)', {
        exact: false,
      })
      .waitFor();
    await confirm.getByRole('button', { name: 'Abort rollout' }).click();
    await confirm.waitFor({ state: 'hidden' });

    // Aborted, it joins the finished ones, open on top, every location back or skipped.
    await active.waitFor({ state: 'detached' });
    const latest = rollouts.locator('.ant-collapse-item').first();
    await latest.getByTestId('rollout-status').filter({ hasText: 'Aborted' }).waitFor();
    await latest
      .getByTestId('rollout-reason')
      .getByText(/^Aborted by /)
      .waitFor();
    await latest.getByText('Rolled back', { exact: true }).first().waitFor();
    await expect
      .poll(() => stepStates(latest))
      .toEqual(['London: rolled_back', 'Montréal: skipped', 'Tokyo: skipped']);
    await rollouts.evaluate((element) => element.scrollIntoView());
    await screenshot(page, 'rollout-aborted');
  }, 90_000);

  it('keeps notices clear of the rollout’s controls, at 1280×800 and in a narrow window', async () => {
    const { deployments, versions } = await appByApi(api, appUuid);
    const v1 = versions.find((version) => version.name === 'v1')?.uuid;
    const v3 = versions.find((version) => version.name === 'v3')?.uuid;
    const onV1 = deployments.find((each) => each.version_uuid === v1);
    await startRollout(api, onV1!.uuid, v3!);
    await page.goto(`/apps/${appUuid}`);
    const active = page.getByRole('region', { name: 'Rollouts' }).getByTestId('rollout');
    const controls = [
      active.getByRole('button', { name: 'Pause' }),
      active.getByRole('button', { name: 'Abort' }),
    ];
    await controls[0]!.waitFor({ timeout: 30_000 });

    for (const [width, name] of [
      [1280, `${appName}-renamed`],
      [900, appName],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      // A real notice: renaming the app says "App updated." for 4 seconds.
      await page.getByRole('button', { name: /^App name: / }).click();
      const field = page.getByRole('textbox', { name: 'App name', exact: true });
      await field.fill(name);
      await field.press('Enter');
      const notice = page.locator('.ant-notification-notice', { hasText: 'App updated.' });
      await notice.last().waitFor();
      // A pointer on the notice holds it open (antd pauses its 4.5 s on hover): on a slow
      // machine it would otherwise close before it is measured and pictured.
      await notice.last().hover();
      // The worst place for them: the controls at the very bottom of the window.
      await controls[1]!.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      const noticeBox = (await notice.last().boundingBox())!;
      for (const control of controls) {
        const box = (await control.boundingBox())!;
        const apart =
          box.x + box.width <= noticeBox.x ||
          noticeBox.x + noticeBox.width <= box.x ||
          box.y + box.height <= noticeBox.y ||
          noticeBox.y + noticeBox.height <= box.y;
        expect(apart, `${width}px: a notice covers ${await control.innerText()}`).toBe(true);
      }
      await screenshot(page, `rollout-controls-notice-${width}`);
    }
    await page.setViewportSize({ width: 1440, height: 1000 });
  }, 90_000);
});
