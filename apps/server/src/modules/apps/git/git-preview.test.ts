import type { App as AppEntity } from '@meridian/domain/apps/app-api';
import { gitSourceMessages, type GitSourceCreated } from '@meridian/domain/apps/git-source';
import type { Preview } from '@meridian/domain/apps/preview';
import type { Domain } from '@meridian/domain/domains/domain-api';
import type { NotificationEvent } from '@meridian/domain/events/notification-event';
import { sign } from '@octokit/webhooks-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, query, rcodeOf } from '../../../platform/dns/dns-answer-suite.test-support';
import { freePort } from '../../../platform/dns/powerdns-process.test-support';
import { logIn, type LoggedIn, type TestApp } from '../../../../test-support/test-app';
import { createClusterTestApp, waitFor } from '../../clusters/cluster/cluster.test-support';
import {
  allSettled,
  basicAppFields,
  createApp,
  readySmartCluster,
  waitForDeployments,
} from '../app/app.test-support';
import {
  githubPullRequestPayload,
  gitlabMergeRequestPayload,
  type GitLabMergeRequestAction,
} from './fixtures/webhook-payloads.test-support';

const host = '127.0.0.1';
const headSha = '4f1c2a9e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a';
const nextSha = '9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d';

const gitHubRequest = {
  baseRef: 'main',
  headRef: 'one-step-checkout',
  title: 'Checkout in one step',
};

/** GitHub's documented pull_request example (fixtures/), aimed at this test's app and commit. */
function gitHubPullRequest(action: string, sha: string, number = 7): string {
  const fields = { ...gitHubRequest, number, sha, login: 'octocat' };
  if (action === 'opened' || action === 'synchronize' || action === 'closed') {
    return JSON.stringify(githubPullRequestPayload(action, fields));
  }
  // An action previews do not act on (labeled): the opened example with its action changed.
  return JSON.stringify({ ...githubPullRequestPayload('opened', fields), action });
}

/** GitLab's documented "Merge Request Hook" example, aimed at this test's branch. */
const gitLabMergeRequest = (action: GitLabMergeRequestAction) =>
  JSON.stringify(gitlabMergeRequestPayload(action, { baseRef: 'main' }));

describe('pull request previews named through Meridian’s DNS', () => {
  let t: TestApp;
  let user: LoggedIn;
  let dns: { host: string; port: number };
  let smartUuid: string;
  let app: AppEntity;
  let domain: Domain;

  beforeAll(async () => {
    dns = { host, port: await freePort() };
    t = await createClusterTestApp('pglite', {}, { dns: { responder: dns } });
    user = await logIn(t.app);
    smartUuid = (await readySmartCluster(t, user, ['ca-montreal'], 'previews')).uuid;
    app = (await createApp(t, user, basicAppFields(smartUuid, { name: 'Preview Shop' }))).json();
    await waitForDeployments(t, user, app.uuid, allSettled);
    domain = (await call('POST', '/domain/name', { domain_name: 'previews.example' })).json();
  }, 90_000);
  afterAll(async () => {
    await t?.close();
  });

  function call(method: 'GET' | 'POST', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  }
  const hook = (url: string, body: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });
  const previews = async () =>
    (await call('GET', `/meridian/v1/kube/apps/${app.uuid}/previews`)).json<Preview[]>();
  const previewWhere = (check: (preview: Preview) => boolean, what: string) =>
    waitFor(async () => (await previews()).find(check), { what, timeoutMs: 60_000 });
  const answer = (name: string) => query(dns, 'udp', name, 'A');

  async function connect(provider: 'github' | 'gitlab'): Promise<GitSourceCreated> {
    await t.app.inject({
      method: 'DELETE',
      url: `/meridian/v1/kube/apps/${app.uuid}/git`,
      headers: user.headers,
    });
    const created = await call('POST', `/meridian/v1/kube/apps/${app.uuid}/git`, {
      provider,
      repository: 'acme/shop',
      branch: 'main',
      image: 'ghcr.io/acme/shop:{short_sha}',
      smart_cluster_uuids: [smartUuid],
      previews: { smart_cluster_uuid: smartUuid, domain_uuid: domain.uuid },
    });
    expect(created.statusCode, created.body).toBe(200);
    return created.json<GitSourceCreated>();
  }

  it('deploys a GitHub pull request as pr-7, named and secured, updates it per commit and removes it on close', async () => {
    const git = await connect('github');
    const send = async (action: string, sha: string, delivery: string) => {
      const body = gitHubPullRequest(action, sha);
      return hook(git.webhook_url, body, {
        'x-hub-signature-256': await sign(git.secret, body),
        'x-github-event': 'pull_request',
        'x-github-delivery': delivery,
      });
    };
    const forged = await hook(git.webhook_url, gitHubPullRequest('opened', headSha), {
      'x-hub-signature-256': await sign('not-the-secret', 'x'),
      'x-github-event': 'pull_request',
    });
    expect(forged.statusCode).toBe(401);
    expect(await previews()).toEqual([]);
    expect((await send('labeled', headSha, 'pr-label')).statusCode).toBe(202);

    const opened = await send('opened', headSha, 'pr-1');
    expect(opened.statusCode, opened.body).toBe(200);
    const name = 'pr-7.preview-shop.previews.example';
    const ready = await previewWhere((p) => p.deployment.status === 'success', 'pr-7 to run');
    expect(ready).toMatchObject({
      pr_number: 7,
      title: 'Checkout in one step',
      branch: 'one-step-checkout',
      sha: headSha,
      author: 'octocat',
      domain_name: name,
    });
    expect(ready.deployment.image_name).toBe('ghcr.io/acme/shop:4f1c2a9');
    expect(ready.deployment.certificate_uuid).not.toBeNull();
    const endpoint = ready.deployment.endpoint!;
    await waitFor(async () => dataOf((await answer(name)).answers, 'A').join() === endpoint, {
      what: `${name} answered by Meridian's DNS`,
    });
    // Never one of the app's own locations.
    const detail = (await call('GET', `/meridian/v1/kube/apps/${app.uuid}`)).json<AppEntity>();
    expect(detail.deployments.map((d) => d.uuid)).not.toContain(ready.deployment.uuid);
    expect((await send('opened', headSha, 'pr-1')).json()).toEqual({
      message: 'This delivery was already handled',
    });

    expect((await send('synchronize', nextSha, 'pr-2')).statusCode).toBe(200);
    const updated = await previewWhere(
      (p) => p.sha === nextSha && p.deployment.status === 'success',
      'pr-7 to run the next commit',
    );
    expect(updated.deployment.uuid).toBe(ready.deployment.uuid);
    expect(updated.deployment.image_name).toBe('ghcr.io/acme/shop:9e8d7c6');

    expect((await send('closed', nextSha, 'pr-3')).statusCode).toBe(200);
    await waitFor(async () => (await previews()).length === 0, { what: 'pr-7 to go' });
    await waitFor(async () => rcodeOf(await answer(name)) === 'NXDOMAIN', {
      what: `${name} to be gone from DNS`,
    });
    const events = (await call('GET', '/event/server/notifications')).json<NotificationEvent[]>();
    expect(events.map((event) => event.event_type)).toEqual(
      expect.arrayContaining(['PREVIEW_DEPLOY_FULFILLED', 'PREVIEW_DELETE_FULFILLED']),
    );
  }, 150_000);

  it('removes a preview closed while it was still deploying, and every preview with its source', async () => {
    const git = await connect('github');
    const send = async (action: string, number: number, delivery: string) => {
      const body = gitHubPullRequest(action, headSha, number);
      return hook(git.webhook_url, body, {
        'x-hub-signature-256': await sign(git.secret, body),
        'x-github-event': 'pull_request',
        'x-github-delivery': delivery,
      });
    };
    expect((await send('opened', 8, 'pr8-open')).statusCode).toBe(200);
    const closed = await send('closed', 8, 'pr8-close');
    expect(closed.json()).toEqual({ message: gitSourceMessages.deferred });
    await waitFor(async () => (await previews()).length === 0, {
      what: 'pr-8 to go once deployed',
    });

    expect((await send('opened', 9, 'pr9-open')).statusCode).toBe(200);
    await previewWhere((p) => p.deployment.status === 'success', 'pr-9 to run');
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/meridian/v1/kube/apps/${app.uuid}/git`,
      headers: user.headers,
      payload: {
        branch: 'main',
        image: 'ghcr.io/acme/shop:{sha}',
        smart_cluster_uuids: [smartUuid],
        previews: { smart_cluster_uuid: smartUuid, domain_uuid: crypto.randomUUID() },
      },
    });
    expect(foreign.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/meridian/v1/kube/apps/${app.uuid}/git`,
      headers: user.headers,
    });
    expect(removed.statusCode).toBe(204);
    await waitFor(async () => (await previews()).length === 0, {
      what: 'pr-9 to go with its source',
    });
  }, 120_000);

  it('deploys a GitLab merge request and removes it once merged', async () => {
    const git = await connect('gitlab');
    const send = (action: GitLabMergeRequestAction) =>
      hook(git.webhook_url, gitLabMergeRequest(action), {
        'x-gitlab-token': git.secret,
        'x-gitlab-event': 'Merge Request Hook',
      });
    expect((await send('open')).statusCode).toBe(200);
    const ready = await previewWhere((p) => p.deployment.status === 'success', 'pr-1 to run');
    expect(ready).toMatchObject({ pr_number: 1, branch: 'ms-viewport', author: 'root' });
    expect(ready.domain_name).toBe('pr-1.preview-shop.previews.example');
    expect((await send('merge')).statusCode).toBe(200);
    await waitFor(async () => (await previews()).length === 0, { what: 'pr-1 to go' });
  }, 120_000);
});
