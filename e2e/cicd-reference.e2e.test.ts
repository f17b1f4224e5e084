import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { chooseOption } from './support/select-option';
import { userStorageKey } from './support/credentials';
import { createBasicAppByApi, createUserByApi } from './support/session';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();
const suffix = Date.now().toString(36);
const clusterName = `cicd-${suffix}`;
const appName = `cicd-app-${suffix}`;

interface Session {
  token: string;
  userId: string;
}

describe.skipIf(!inject('browserAvailable'))('CI/CD reference page in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let session: Session;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
    });
    page = await context.newPage();
    // Its own user: apps left on the admin would change what other suites see.
    const user = await createUserByApi(baseUrl, 'e2e-cicd');
    await page.goto('/login');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/home');
    session = await storedSession(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('shows a rollout command for the picked app that works with a new API key', async () => {
    const api = authorizedFetch(session);
    const smartClusterUuid = await createReadySmartCluster(api);
    const appUuid = await createDeployedApp(api, smartClusterUuid);

    await page.goto('/references/cluster-integration');
    await expectVisible(page.getByRole('heading', { name: 'Cluster integration' }));
    // Other suites may have made apps too: pick ours, whose only smart cluster then follows.
    await chooseOption(page, page.getByLabel('App', { exact: true }), { title: appName });
    // The picture and its audit are of the page, not of a list still closing over it.
    await page
      .locator('.ant-select-dropdown')
      .filter({ visible: true })
      .waitFor({ state: 'detached' });
    const block = page.getByTestId('rollout-command-app');
    await expectVisible(block);
    await page.waitForFunction(
      (uuid) =>
        document.querySelector('[data-testid="rollout-command-app"]')?.textContent?.includes(uuid),
      appUuid,
    );
    const command = (await block.textContent()) ?? '';
    expect(command).toContain(`"x-user-id: ${session.userId}"`);
    expect(command).toContain(`"cluster_uuids":["${smartClusterUuid}"]`);
    await screenshot(page, 'cicd-reference');

    const created = await api('/auth/api_key', { method: 'POST', body: { name: `ci-${suffix}` } });
    expect(created.status).toBe(200);
    const { key } = (await created.json()) as { key: string };

    const request = parseCurl(command.replaceAll('$MERIDIAN_API_KEY', key));
    expect(request.url).toBe(`${baseUrl}/meridian/v1/kube/apps/${appUuid}/deployment`);
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    expect(response.status).toBe(200);
    const answered = (await response.json()) as { smart_cluster_uuid: string; status: string }[];
    expect(answered.map((deployment) => deployment.smart_cluster_uuid)).toEqual([smartClusterUuid]);
    expect(answered.every((deployment) => deployment.status === 'updating')).toBe(true);

    const apps = (await (await api('/meridian/v1/kube/apps')).json()) as {
      uuid: string;
      deployments: { status: string; image_name: string | null }[];
    }[];
    const ours = apps.find((app) => app.uuid === appUuid);
    // The rollout may already have finished at the accelerated simulation speed.
    expect(['updating', 'success']).toContain(ours?.deployments[0]?.status);
  });
});

type Api = (path: string, init?: { method?: string; body?: unknown }) => Promise<Response>;

function authorizedFetch({ token, userId }: Session): Api {
  return (path, init = {}) =>
    fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        'x-user-id': userId,
        ...(init.body !== undefined && !(init.body instanceof FormData)
          ? { 'content-type': 'application/json' }
          : {}),
      },
      body:
        init.body === undefined || init.body instanceof FormData
          ? (init.body as FormData | undefined)
          : JSON.stringify(init.body),
    });
}

async function createReadySmartCluster(api: Api): Promise<string> {
  const datacenters = (await (await api('/cluster/datacenters')).json()) as { uuid: string }[];
  const response = await api('/cluster/clusters', {
    method: 'POST',
    body: {
      name: clusterName,
      mode: 'MANUAL',
      cluster_size: 'small',
      datacenters: [datacenters[0]!.uuid],
    },
  });
  expect(response.status).toBe(200);
  const { uuid } = (await response.json()) as { uuid: string };
  await waitFor(async () => {
    const list = (await (await api('/cluster/smart_clusters')).json()) as {
      uuid: string;
      status: string;
    }[];
    return list.find((cluster) => cluster.uuid === uuid)?.status === 'success';
  }, 'the smart cluster to be created');
  return uuid;
}

async function createDeployedApp(api: Api, smartClusterUuid: string): Promise<string> {
  const uuid = await createBasicAppByApi(api, { name: appName, smartClusterUuid });
  await waitFor(async () => {
    const apps = (await (await api('/meridian/v1/kube/apps')).json()) as {
      uuid: string;
      deployments: { status: string }[];
    }[];
    const app = apps.find((item) => item.uuid === uuid);
    return app?.deployments[0]?.status === 'success';
  }, 'the app to be deployed');
  return uuid;
}

/** Reads the curl command as the page shows it: one PUT with -H headers and a -d body. */
function parseCurl(command: string) {
  const method = /curl -X (\w+)/.exec(command)?.[1] ?? 'GET';
  const url = /curl -X \w+ "([^"]+)"/.exec(command)?.[1] ?? '';
  const headers = Object.fromEntries(
    [...command.matchAll(/-H "([^:"]+): ([^"]*)"/g)].map((match) => [match[1]!, match[2]!]),
  );
  const body = /-d '([^']*)'/.exec(command)?.[1] ?? '';
  return { method, url, headers, body };
}

async function waitFor(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function storedSession(page: Page): Promise<Session> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), userStorageKey);
  const parsed = JSON.parse(raw ?? '{}') as Partial<Session> & { data?: Session };
  return (parsed.data ?? parsed) as Session;
}

async function expectVisible(locator: ReturnType<Page['getByText']>) {
  await locator.waitFor({ state: 'visible', timeout: 15_000 });
}
