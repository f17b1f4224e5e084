import type { App as AppEntity } from '@meridian/domain/apps/app-api';
import type { AppHistoryPage } from '@meridian/domain/apps/app-history';
import { gitSourceMessages, type GitSourceCreated } from '@meridian/domain/apps/git-source';
import type { Rollout } from '@meridian/domain/apps/rollout';
import { sign } from '@octokit/webhooks-methods';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  databaseBackends,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { gitDeliveries, gitSources, versions } from '../../../platform/db/schema/apps';
import { readPullRequest } from './git-preview';
import { readPush } from './git-push';
import { deliveryMemoryMs } from './git-source.queries';
import {
  githubPullRequestPayload,
  githubPushPayload,
  githubTagDeletionPayload,
  gitlabMergeRequestPayload,
  gitlabPushPayload,
} from './fixtures/webhook-payloads.test-support';
import { createClusterTestApp, waitFor } from '../../clusters/cluster/cluster.test-support';
import {
  allSettled,
  basicAppFields,
  createApp,
  readySmartCluster,
  waitForDeployments,
} from '../app/app.test-support';

const sha = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';

// The providers' documented examples (fixtures/README.md), set to this test's repository and commit.
const gitHubPush = (ref: string) =>
  JSON.stringify(githubPushPayload({ ref, sha, login: 'alice', repository: 'acme/shop' }));
const gitLabPush = JSON.stringify(
  gitlabPushPayload({ ref: 'refs/heads/main', sha, repository: 'acme/shop' }),
);

describe('the providers’ documented payloads, as published', () => {
  it('reads GitHub’s and GitLab’s branch pushes and skips GitHub’s tag deletion', () => {
    expect(readPush('github', githubPushPayload())).toEqual({
      branch: 'master',
      sha: '6113728f27ae82c7b1a177c8d03f9e96e0adf246',
      author: 'Codertocat',
    });
    expect(readPush('github', githubTagDeletionPayload())).toBeNull();
    expect(readPush('gitlab', gitlabPushPayload())).toEqual({
      branch: 'master',
      sha: 'da1560886d4f094c3e6c9ef40349f7d38b5d27d7',
      author: 'jsmith',
    });
  });

  it('reads GitHub’s pull requests and GitLab’s merge request', () => {
    const gitHubRequest = {
      number: 2,
      base: 'master',
      branch: 'changes',
      sha: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
      title: 'Update the README with new information.',
      author: 'Codertocat',
    };
    const outcomes = { opened: 'deploy', synchronize: 'deploy', closed: 'remove' } as const;
    for (const action of ['opened', 'synchronize', 'closed'] as const) {
      const payload = githubPullRequestPayload(action);
      const outcome = outcomes[action];
      expect(readPullRequest('github', payload)).toMatchObject({
        action: outcome,
        ...gitHubRequest,
      });
    }
    expect(readPullRequest('gitlab', gitlabMergeRequestPayload('open'))).toMatchObject({
      action: 'deploy',
      number: 1,
      base: 'master',
      branch: 'ms-viewport',
      sha: 'da1560886d4f094c3e6c9ef40349f7d38b5d27d7',
      title: 'MS-Viewport',
      author: 'root',
    });
  });

  it('keeps the example and changes only the fields given', () => {
    const request = githubPullRequestPayload('synchronize', {
      number: 7,
      baseRef: 'main',
      headRef: 'one-step-checkout',
      sha,
      title: 'Checkout in one step',
      login: 'octocat',
      repository: 'acme/shop',
    });
    expect(request).toMatchObject({ action: 'synchronize', number: 7, after: sha });
    expect(request.pull_request).toMatchObject({
      number: 7,
      title: 'Checkout in one step',
      user: { login: 'octocat' },
      head: { ref: 'one-step-checkout', sha, repo: { full_name: 'acme/shop' } },
      base: { ref: 'main', repo: { full_name: 'acme/shop' } },
    });
    expect(request.repository.full_name).toBe('acme/shop');
    expect(githubPushPayload().after).toBe('6113728f27ae82c7b1a177c8d03f9e96e0adf246');
    const merged = gitlabMergeRequestPayload('merge', { number: 3, baseRef: 'main', sha });
    expect(merged.object_attributes).toMatchObject({
      action: 'merge',
      state: 'merged',
      iid: 3,
      target_branch: 'main',
      last_commit: { id: sha },
    });
  });
});

describe.each(databaseBackends())('git sources and their webhooks on %s', (backend) => {
  let t: TestApp;
  let user: LoggedIn;
  let other: LoggedIn;
  let smartUuid: string;
  let app: AppEntity;

  beforeAll(async () => {
    t = await createClusterTestApp(backend);
    user = await logIn(t.app);
    other = await addUser(t, user, 'stranger');
    smartUuid = (await readySmartCluster(t, user, ['ca-montreal'], 'git')).uuid;
    app = (await createApp(t, user, basicAppFields(smartUuid, { name: 'git-shop' }))).json();
    await waitForDeployments(t, user, app.uuid, allSettled);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
  });

  const kube = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    who = user,
  ) =>
    t.app.inject({
      method,
      url: `/meridian/v1/kube${url}`,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
  const hook = (url: string, body: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });
  const versionCount = async () =>
    (await t.database.db.select().from(versions).where(eq(versions.appId, app.uuid))).length;
  const source = (provider: 'github' | 'gitlab') => ({
    provider,
    repository: 'acme/shop',
    branch: 'main',
    image: 'ghcr.io/acme/shop:{short_sha}-{branch}',
    smart_cluster_uuids: [smartUuid],
    bake_seconds: 0,
  });

  async function newestImageRolledOut(before: number): Promise<string> {
    const rollout = await waitFor(
      async () => {
        const list = (await kube('GET', `/apps/${app.uuid}/rollouts`)).json<Rollout[]>();
        const done = Array.isArray(list) && list.length > before ? list[0] : undefined;
        return done?.status === 'completed' ? done : undefined;
      },
      { what: 'the push rollout', timeoutMs: 60_000 },
    );
    const detail = (await kube('GET', `/apps/${app.uuid}`)).json<AppEntity>();
    const version = detail.versions.find((v) => v.uuid === rollout.to_version.uuid);
    return version!.basic_settings!.deploymentImage;
  }

  it('connects GitHub: secret once and sealed, 401 on a bad signature, replay and other events ignored, a push rolled out', async () => {
    const created = await kube('POST', `/apps/${app.uuid}/git`, source('github'));
    expect(created.statusCode, created.body).toBe(200);
    const git = created.json<GitSourceCreated>();
    expect(git.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(git.webhook_url).toMatch(new RegExp(`/hooks/github/${git.uuid}$`));
    const read = await kube('GET', `/apps/${app.uuid}/git`);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(git.secret);
    expect((await kube('GET', `/apps/${app.uuid}/git`, undefined, other)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(gitSources).where(eq(gitSources.id, git.uuid));
    expect(row!.secretSealed).toMatch(/^v2:/);
    expect(JSON.stringify(row)).not.toContain(git.secret);
    expect((await kube('POST', `/apps/${app.uuid}/git`, source('gitlab'))).statusCode).toBe(409);

    const body = gitHubPush('refs/heads/main');
    const headers = (signature: string, delivery = 'd-1', event = 'push') => ({
      'x-hub-signature-256': signature,
      'x-github-event': event,
      'x-github-delivery': delivery,
    });
    const before = await versionCount();
    const forged = await hook(git.webhook_url, body, headers(await sign('wrong-secret', body)));
    expect(forged.statusCode).toBe(401);
    expect(forged.json<{ message: string }>().message).toBe(gitSourceMessages.badSignature);
    const unsigned = await hook(git.webhook_url, body, { 'x-github-event': 'push' });
    expect(unsigned.statusCode).toBe(401);
    expect(await versionCount()).toBe(before);

    const ping = await hook(
      git.webhook_url,
      '{"zen":"Keep it logically awesome."}',
      headers(await sign(git.secret, '{"zen":"Keep it logically awesome."}'), 'd-ping', 'ping'),
    );
    expect(ping.statusCode).toBe(202);
    const feature = gitHubPush('refs/heads/feature');
    const otherBranch = await hook(
      git.webhook_url,
      feature,
      headers(await sign(git.secret, feature), 'd-0'),
    );
    expect(otherBranch.statusCode).toBe(202);
    const tag = gitHubPush('refs/tags/v1.0');
    expect(
      (await hook(git.webhook_url, tag, headers(await sign(git.secret, tag), 'd-t'))).statusCode,
    ).toBe(202);
    // GitHub's documented push example as published: a tag deleted.
    const tagDeleted = JSON.stringify(githubTagDeletionPayload());
    const deletion = await hook(
      git.webhook_url,
      tagDeleted,
      headers(await sign(git.secret, tagDeleted), 'd-td'),
    );
    expect(deletion.statusCode).toBe(202);
    expect(await versionCount()).toBe(before);

    const huge = JSON.stringify({
      ...githubPushPayload({ ref: 'refs/heads/main', sha }),
      padding: 'x'.repeat(1024 * 1024),
    });
    const tooLarge = await hook(
      git.webhook_url,
      huge,
      headers(await sign(git.secret, huge), 'd-big'),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(await versionCount()).toBe(before);

    const pushed = await hook(git.webhook_url, body, headers(await sign(git.secret, body)));
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(await versionCount()).toBe(before + 1);
    expect(await newestImageRolledOut(0)).toBe('ghcr.io/acme/shop:a1b2c3d-main');
    const replay = await hook(git.webhook_url, body, headers(await sign(git.secret, body)));
    expect(replay.statusCode).toBe(200);
    expect(replay.json<{ message: string }>().message).toBe(gitSourceMessages.duplicate);
    expect(await versionCount()).toBe(before + 1);
    const history = (await kube('GET', `/apps/${app.uuid}/history`)).json<AppHistoryPage>();
    expect(history.items.map((entry) => entry.actor)).toContainEqual({
      kind: 'git',
      name: 'GitHub push a1b2c3d by alice',
    });

    const deleted = await kube('DELETE', `/apps/${app.uuid}/git`);
    expect(deleted.statusCode).toBe(204);
    expect((await kube('GET', `/apps/${app.uuid}/git`)).json<{ message: string }>().message).toBe(
      gitSourceMessages.notFound,
    );
    expect(
      (await hook(git.webhook_url, body, headers(await sign(git.secret, body), 'd-2'))).statusCode,
    ).toBe(404);
  }, 120_000);

  it('takes a GitLab push by its token, refuses a wrong one, and ignores the same body again', async () => {
    const git = (
      await kube('POST', `/apps/${app.uuid}/git`, source('gitlab'))
    ).json<GitSourceCreated>();
    const rolloutsBefore = (await kube('GET', `/apps/${app.uuid}/rollouts`)).json<Rollout[]>()
      .length;
    const before = await versionCount();
    const headers = (token: string) => ({ 'x-gitlab-token': token, 'x-gitlab-event': 'Push Hook' });
    expect((await hook(git.webhook_url, gitLabPush, headers('not-the-secret'))).statusCode).toBe(
      401,
    );
    expect(await versionCount()).toBe(before);
    // A delivery id older than the memory is forgotten when the next one is recorded.
    const longAgo = new Date(Date.now() - deliveryMemoryMs - 60_000);
    await t.database.db
      .insert(gitDeliveries)
      .values({ sourceId: git.uuid, deliveryId: 'old', createdAt: longAgo });
    const pushed = await hook(git.webhook_url, gitLabPush, headers(git.secret));
    expect(pushed.statusCode, pushed.body).toBe(200);
    const remembered = await t.database.db
      .select({ id: gitDeliveries.deliveryId })
      .from(gitDeliveries)
      .where(eq(gitDeliveries.sourceId, git.uuid));
    expect(remembered.map((row) => row.id)).toHaveLength(1);
    expect(remembered.map((row) => row.id)).not.toContain('old');
    expect(await newestImageRolledOut(rolloutsBefore)).toBe('ghcr.io/acme/shop:a1b2c3d-main');
    expect((await hook(git.webhook_url, gitLabPush, headers(git.secret))).statusCode).toBe(200);
    expect(await versionCount()).toBe(before + 1);
    const history = (await kube('GET', `/apps/${app.uuid}/history`)).json<AppHistoryPage>();
    expect(history.items.map((entry) => entry.actor)).toContainEqual({
      kind: 'git',
      name: 'GitLab push a1b2c3d by jsmith',
    });
  }, 120_000);

  it('rolls out the newest push heard during the last push’s rollout once that one is done', async () => {
    await kube('DELETE', `/apps/${app.uuid}/git`);
    const created = await kube('POST', `/apps/${app.uuid}/git`, {
      ...source('gitlab'),
      bake_seconds: 3,
    });
    expect(created.statusCode, created.body).toBe(200);
    const git = created.json<GitSourceCreated>();
    const rolloutsBefore = (await kube('GET', `/apps/${app.uuid}/rollouts`)).json<Rollout[]>()
      .length;
    const before = await versionCount();
    const push = (commit: string, key: string) =>
      hook(
        git.webhook_url,
        JSON.stringify(gitlabPushPayload({ ref: 'refs/heads/main', sha: commit, login: 'bob' })),
        { 'x-gitlab-token': git.secret, 'x-gitlab-event': 'Push Hook', 'idempotency-key': key },
      );
    expect((await push(`b${sha.slice(1)}`, 'push-b')).json()).toEqual({
      message: gitSourceMessages.accepted,
    });
    // The first push's rollout bakes for 3 s: the next ones wait for it, and the newest runs.
    for (const commit of ['c', 'd']) {
      expect((await push(`${commit}${sha.slice(1)}`, `push-${commit}`)).json()).toEqual({
        message: gitSourceMessages.deferred,
      });
    }
    expect((await push(`c${sha.slice(1)}`, 'push-c')).json()).toEqual({
      message: gitSourceMessages.duplicate,
    });
    await waitFor(
      async () => {
        const list = (await kube('GET', `/apps/${app.uuid}/rollouts`)).json<Rollout[]>();
        return list.length === rolloutsBefore + 2 && list[0]!.status === 'completed';
      },
      { what: 'both pushes rolled out', timeoutMs: 60_000 },
    );
    expect(await newestImageRolledOut(rolloutsBefore + 1)).toBe('ghcr.io/acme/shop:d1b2c3d-main');
    expect(await versionCount()).toBe(before + 2);
  }, 120_000);
});
