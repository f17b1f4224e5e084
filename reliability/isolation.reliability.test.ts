import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isErrorShape,
  json,
  logIn,
  newUser,
  send,
  until,
  type Answer,
  type ApiUser,
} from './support/api';
import { figuresRow, printFigures, type AttackFigures } from './support/figures';
import {
  everyId,
  ghostIds,
  isolationMatrix,
  securedOperations,
  unmappedParameters,
  type MatrixRequest,
  type OpenApiDocument,
  type OwnedIds,
} from './support/isolation';
import {
  changedPaths,
  gitHubDelivery,
  openedPullRequest,
  ownerSnapshot,
  seedOwner,
  settledSnapshot,
} from './support/isolation-owner';
import { startMeridian, type MeridianProcess } from './support/meridian-process';

/** The intruder's own deployment exists: a host name in another's zone is a validation error. */
const hostNameRule = {
  status: 400,
  reason:
    'the deployment (or version) is the intruder’s own, so it exists: a host name outside the ' +
    'caller’s own zones is a validation error, worded exactly as for a zone nobody has',
};

/** A new smart cluster shared with an organisation: the caller must be one of its admins. */
function sharedWithRule() {
  return {
    status: 400,
    reason:
      'default_shared_for_org_uuid must name an organisation the caller is an admin of: any ' +
      'other, existing or not, is the same validation error, before any lookup of its own',
  };
}

/** A creation's organization_uuid names the organisation that will own it (docs/organizations.md). */
const owningOrganizationRule = {
  status: 400,
  reason:
    'organization_uuid must name an organisation the caller belongs to: any other, existing or ' +
    'not, is the same validation error',
};

/** Managing accounts is the installation admin's: anyone else gets the same 403, whatever the id. */
const installationAdminRule = {
  status: 403,
  reason: 'only an administrator of the installation manages accounts, before any lookup',
};

/**
 * The rule: the intruder is answered 404, as if the owner's resource did not exist. The only
 * exceptions are below, each with its reason; even these must answer exactly what the same
 * request about a resource nobody has answers (status and body), so they tell nothing.
 */
const exceptions: Record<string, { status: number; reason: string; echoesName?: boolean }> = {
  'POST /domain/name/{domain}/claim (every id the owner’s)': {
    status: 409,
    echoesName: true,
    reason:
      'a claim asks for the proof before anything is said of a holder (docs/domains.md): its ' +
      'refusal names the record asked about and the caller’s own proof for it, alike for a name ' +
      'nobody has once the name asked is read as the ghost’s',
  },
  'PUT /domain/dns/user/entries/deployments/{deploymentId} (only domain_names the owner’s)':
    hostNameRule,
  'PUT /domain/dns/user/entries/deployments/{deploymentId} (domain_names = [intruder’s, owner’s])':
    hostNameRule,
  'POST /cluster/clusters (every id the owner’s)': sharedWithRule(),
  'POST /cluster/clusters (only default_shared_for_org_uuid the owner’s)': sharedWithRule(),
  'POST /cluster/clusters (only organization_uuid the owner’s)': owningOrganizationRule,
  'POST /meridian/v1/kube/apps (only organization_uuid the owner’s)': owningOrganizationRule,
  'POST /meridian/v1/kube/apps (every id the owner’s)': owningOrganizationRule,
  'POST /domain/name (every id the owner’s)': owningOrganizationRule,
  'POST /auth/api_key (every id the owner’s)': owningOrganizationRule,
  'PUT /auth/users/{userId} (every id the owner’s)': installationAdminRule,
  'POST /auth/users/{userId}/password (every id the owner’s)': installationAdminRule,
  'PUT /meridian/v1/kube/apps/{appId}/organization (only organization_uuid the owner’s)':
    owningOrganizationRule,
  'PUT /cluster/clusters/{id}/organization (only organization_uuid the owner’s)':
    owningOrganizationRule,
  'PUT /meridian/v1/kube/apps/{appId}/deployment (cluster_uuids = [intruder’s, owner’s])': {
    status: 200,
    reason:
      'cluster_uuids picks among the app’s own deployments (spec: roll the image out on the app ' +
      'on these clusters): a cluster it is not on is skipped, whoever has it, exactly as one ' +
      'nobody has; the intruder’s own roll-out proceeds, the owner’s snapshot shows nothing changed',
  },
};

let server: MeridianProcess;
let document: OpenApiDocument;
let owner: ApiUser;
let intruder: ApiUser;
let ids: OwnedIds;
let intruderIds: OwnedIds;
/** Each one's git source secret: the owner's is a mark no answer may hold, the intruder's signs. */
let ownerSecret: string;
let intruderSecret: string;
let intruderSession: Record<string, string>;
let intruderKey: Record<string, string>;

/** The exceptions some answer needed: one never needed is stale and must go. */
const usedExceptions = new Set<string>();

/** The suite's figures: one row per way of asking, and the leaks found (must stay 0). */
const rows: AttackFigures[] = [];
let leakCount = 0;

function statusRow(attack: string, statuses: readonly number[]): AttackFigures {
  const count = (test: (status: number) => boolean) => statuses.filter(test).length;
  return figuresRow(server, attack, statuses.length, {
    answered4xx: count((status) => status >= 400 && status < 500),
    answered5xx: count((status) => status >= 500),
    other: count((status) => status < 400 || status >= 600),
  });
}

function fire(request: MatrixRequest, headers: Record<string, string>): Promise<Answer> {
  const body = request.body;
  if (body && 'form' in body) {
    const form = new FormData();
    for (const [name, value] of Object.entries(body.form)) form.append(name, value);
    return send(server.baseUrl, request.path, {
      method: request.method,
      headers: { ...headers, ...request.headers },
      body: form,
    });
  }
  return send(server.baseUrl, request.path, {
    method: request.method,
    headers: {
      ...headers,
      ...request.headers,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body.json) : undefined,
  });
}

/**
 * The owner's ids, domain and webhook secret, which no answer to the intruder may hold (names
 * are too common).
 */
function ownerMarks(): [string, string][] {
  const marks = Object.entries(ids).filter(([kind]) => !['username', 'apiKeyName'].includes(kind));
  return [...marks, ['webhook secret', ownerSecret]];
}

/** An answer that repeats the name asked, read as if the ghost's name had been asked. */
function echoRead(body: string): string {
  return body
    .replaceAll(ids.domainName, ghostIds().domainName)
    .replace(/meridian-verify=[\w-]+/g, 'meridian-verify=(the caller’s)');
}

/** Why an answer tells the intruder something, or undefined when it is the refusal due. */
function leakIn(request: MatrixRequest, answer: Answer, ghost: Answer): string | undefined {
  const operation = `${request.method} ${request.template}`;
  const exception = exceptions[`${operation} (${request.aimedAt})`];
  // A success is about the intruder's own resources: its body may differ, but never name the owner's.
  const body = exception?.echoesName ? echoRead(answer.body) : answer.body;
  const sameAsGhost =
    answer.status === ghost.status &&
    (answer.status < 300
      ? !ownerMarks().some(([, id]) => answer.body.includes(id))
      : body === (exception?.echoesName ? echoRead(ghost.body) : ghost.body));
  if (answer.status === 404 && sameAsGhost) return undefined;
  // 409: the intruder's own state (its rollout under way) answers the twin about nobody alike.
  const expectedStatus =
    exception?.status === answer.status || (exception && answer.status === 409);
  if (expectedStatus && sameAsGhost) {
    usedExceptions.add(`${operation} (${request.aimedAt})`);
    return undefined;
  }
  const expected = exception?.status ?? 404;
  return (
    `${operation} (${request.aimedAt}) answered ${answer.status} ` +
    `${answer.body.slice(0, 140)}; expected ${expected} as for a resource nobody has: ` +
    `${ghost.status} ${ghost.body.slice(0, 140)}`
  );
}

/** Ends the intruder's own rollout, so rolling its deployment back reaches the version check. */
async function abortRollout(user: ApiUser, rolloutId: string): Promise<void> {
  const path = `/meridian/v1/kube/apps/rollouts/${rolloutId}`;
  await json(server.baseUrl, user, `${path}/abort`, 'POST');
  await until(async () => {
    const rollout = await json<{ status: string }>(server.baseUrl, user, path);
    return !['running', 'paused', 'aborting'].includes(rollout.status);
  }, 'the intruder’s rollout to end');
}

describe('isolation: every operation naming an id, aimed at another user’s resources', () => {
  beforeAll(async () => {
    // Alert webhooks of the seeded channels point at loopback.
    server = await startMeridian({ MERIDIAN_ALLOW_PRIVATE_OUTBOUND: '1' });
    const admin = await logIn(server.baseUrl);
    owner = await newUser(server.baseUrl, admin, 'owner');
    intruder = await newUser(server.baseUrl, admin, 'intruder');
    // A third user invites both to an organisation: each has an invitation of their own.
    const inviter = await newUser(server.baseUrl, admin, 'inviter');
    ({ ids, webhookSecret: ownerSecret } = await seedOwner(
      server.baseUrl,
      owner,
      'owner',
      inviter,
    ));
    // The intruder owns one of everything too, to mix its ids with the owner's.
    ({ ids: intruderIds, webhookSecret: intruderSecret } = await seedOwner(
      server.baseUrl,
      intruder,
      'intruder',
      inviter,
    ));
    await abortRollout(intruder, intruderIds.rollout);
    const key = await json<{ key: string }>(server.baseUrl, intruder, '/auth/api_key', 'POST', {
      name: 'intruder-token',
    });
    intruderSession = intruder.headers;
    intruderKey = { authorization: `ApiKey ${key.key}`, 'x-user-id': intruder.userId };
    document = (await (await fetch(`${server.baseUrl}/docs/json`)).json()) as OpenApiDocument;
  });
  afterAll(async () => {
    printFigures(
      `Isolation matrix: another user’s ids, by session and API key — leaks: ${leakCount}`,
      rows,
    );
    await server?.stop();
  });

  it('maps every id of the OpenAPI document (path parameter, uuid body field) to a kind', () => {
    // A new route whose parameter no rule knows would be skipped silently: fail instead.
    expect(unmappedParameters(document)).toEqual([]);
  });

  it('answers the owner 200 to every read of the matrix: its ids are real', async () => {
    // Without this, a wrong mapping would earn the intruder a 404 for the wrong reason.
    const reads = isolationMatrix(document, ids, intruderIds).filter(
      (request) => request.method === 'GET' && request.aimedAt === everyId,
    );
    expect(reads.length).toBeGreaterThan(10);
    const failed: string[] = [];
    for (const request of reads) {
      const answer = await fire(request, owner.headers);
      if (answer.status !== 200) failed.push(`${request.path} ${answer.status} ${answer.body}`);
    }
    expect(failed).toEqual([]);
  });

  it('refuses the intruder’s credentials sent with the owner’s x-user-id (401)', async () => {
    const operations = securedOperations(document, ids, intruderIds);
    const accepted: string[] = [];
    const statuses: number[] = [];
    for (const request of operations) {
      for (const headers of [intruderSession, intruderKey]) {
        const answer = await fire(request, { ...headers, 'x-user-id': owner.userId });
        statuses.push(answer.status);
        if (answer.status !== 401)
          accepted.push(`${request.method} ${request.template} answered ${answer.status}`);
      }
    }
    rows.push(statusRow(`x-user-id of another: ${operations.length} verbs`, statuses));
    expect(accepted).toEqual([]);
  });

  it('shows the intruder none of the owner’s ids in any list it reads', async () => {
    const lists = securedOperations(document, ids, intruderIds).filter(
      (request) => request.method === 'GET' && !request.template.includes('{'),
    );
    const secrets = ownerMarks();
    const shown: string[] = [];
    const statuses: number[] = [];
    for (const request of lists) {
      for (const headers of request.acceptsApiKey
        ? [intruderSession, intruderKey]
        : [intruderSession]) {
        const answer = await fire(request, headers);
        statuses.push(answer.status);
        for (const [kind, id] of secrets)
          if (answer.body.includes(id)) shown.push(`${request.path} shows the owner’s ${kind}`);
      }
    }
    rows.push(statusRow(`lists: ${lists.length} reads`, statuses));
    expect(lists.length).toBeGreaterThan(10);
    expect(shown).toEqual([]);
  });

  it('refuses deliveries to the owner’s git source signed with the intruder’s own secret', async () => {
    // The webhook takes no session (issue 39): the source's secret is its only guard. Each
    // delivery goes first to the intruder's own source, where it is handled without changing
    // anything (the seeded pull request again, a push to a branch nobody deploys): the signature
    // is good, so the owner's refusal is the secret's alone.
    const deliveries = [
      { event: 'pull_request', body: openedPullRequest },
      {
        event: 'push',
        body: JSON.stringify({
          ref: 'refs/heads/not-deployed',
          after: 'c0ffee0000000000000000000000000000000004',
          pusher: { name: 'intruder' },
        }),
      },
    ];
    const before = await settledSnapshot(server.baseUrl, owner, ids);
    const wrong: string[] = [];
    const statuses: number[] = [];
    for (const delivery of deliveries) {
      const signed = { ...delivery, secret: intruderSecret };
      const own = await gitHubDelivery(server.baseUrl, {
        ...signed,
        gitSource: intruderIds.gitSource,
      });
      if (own.status >= 300) wrong.push(`own ${delivery.event}: ${own.status} ${own.body}`);
      const answer = await gitHubDelivery(server.baseUrl, { ...signed, gitSource: ids.gitSource });
      statuses.push(answer.status);
      // 401, the same as for a wrong signature by anyone: the hook's address is the provider's
      // to know, and a wrong secret there is refused as GitHub's documentation expects.
      if (answer.status !== 401 || !isErrorShape(answer.body))
        wrong.push(`owner’s ${delivery.event}: ${answer.status} ${answer.body}`);
    }
    // GitLab's token, the intruder's secret, at the owner's (GitHub) source: no such hook.
    const gitLab = (source: string) =>
      send(server.baseUrl, `/hooks/gitlab/${source}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-gitlab-event': 'Push Hook',
          'x-gitlab-token': intruderSecret,
        },
        body: JSON.stringify({ ref: 'refs/heads/main', after: 'c0ffee'.padEnd(40, '0') }),
      });
    const [answer, ghost] = [await gitLab(ids.gitSource), await gitLab(ghostIds().gitSource)];
    statuses.push(answer.status);
    if (answer.status !== 404 || answer.body !== ghost.body)
      wrong.push(`GitLab at the owner’s: ${answer.status} ${answer.body}; nobody’s: ${ghost.body}`);
    rows.push(statusRow(`webhooks signed by another: ${statuses.length}`, statuses));
    const after = await ownerSnapshot(server.baseUrl, owner, ids);
    expect([...wrong, ...changedPaths(before, after)]).toEqual([]);
  });

  it('answers the intruder 404 and changes nothing of the owner’s', async () => {
    const matrix = isolationMatrix(document, ids, intruderIds);
    // The same requests about a user nobody is: the answer the intruder must not tell from.
    const ghosts = isolationMatrix(document, ghostIds(), intruderIds);
    expect(matrix.length).toBeGreaterThan(50);
    let before = await settledSnapshot(server.baseUrl, owner, ids);
    const leaks: string[] = [];
    const statuses = { session: [] as number[], 'API key': [] as number[] };
    for (const [index, request] of matrix.entries()) {
      const credentials = request.acceptsApiKey
        ? [['session', intruderSession] as const, ['API key', intruderKey] as const]
        : [['session', intruderSession] as const];
      for (const [credential, headers] of credentials) {
        const ghost = await fire(ghosts[index]!, headers);
        // The twin changed the intruder's own data: let it settle, so both meet the same state.
        if (ghost.status < 300) await settledSnapshot(server.baseUrl, intruder, intruderIds);
        const answer = await fire(request, headers);
        if (answer.status < 300) await settledSnapshot(server.baseUrl, intruder, intruderIds);
        statuses[credential].push(answer.status);
        const leak = leakIn(request, answer, ghost);
        if (leak) leaks.push(`[${credential}] ${leak}`);
        if (request.method === 'GET') continue;
        const after = await ownerSnapshot(server.baseUrl, owner, ids);
        for (const path of changedPaths(before, after))
          leaks.push(`[${credential}] ${request.method} ${request.template} changed ${path}`);
        before = after;
      }
    }
    const routes = new Set(matrix.map((request) => request.template)).size;
    const verbs = new Set(matrix.map((request) => `${request.method} ${request.template}`)).size;
    for (const [credential, answered] of Object.entries(statuses))
      rows.push(statusRow(`${credential}: ${routes} routes, ${verbs} verbs`, answered));
    leakCount = leaks.length;
    expect(leaks).toEqual([]);
    expect(Object.keys(exceptions).filter((key) => !usedExceptions.has(key))).toEqual([]);
    expect(server.exits()).toBe(0);
  });

  it('lets the owner through the same changes: the bodies are valid, the 404s were earned', async () => {
    // Last, as it changes the owner's data; deletions after the rest, so each finds its target.
    const changes = isolationMatrix(document, ids, intruderIds).filter(
      (request) => request.method !== 'GET' && request.aimedAt === everyId,
    );
    // What changes the version a deployment runs (one per member cluster) goes after the changes
    // that name the version running now: an abort sends the baking rollout's deployment back.
    const movesDeployments = ({ method, template }: MatrixRequest) =>
      (method === 'PUT' && template.endsWith('/apps/{appId}/deployment')) ||
      template.endsWith('/rollback') ||
      template.endsWith('/abort');
    const ordered = [
      ...changes.filter((request) => request.method !== 'DELETE' && !movesDeployments(request)),
      ...changes.filter(movesDeployments),
      // Children (records, versions) are listed after their parents: delete them first.
      ...changes.filter((request) => request.method === 'DELETE').reverse(),
    ];
    const refused: string[] = [];
    for (const request of ordered) {
      const answer = await fire(request, owner.headers);
      // 409: a state the earlier changes left (a deployment updating), after the lookup passed.
      // An invitation is answered once: accepting it (earlier) leaves none to decline.
      const answered = answer.status === 404 && request.template.endsWith('/decline');
      // The matrix names the owner's own smart cluster and organisation together; an
      // organisation's app goes only on its own smart clusters (docs/organizations.md).
      const mixedOwners =
        answer.status === 404 &&
        request.template === '/meridian/v1/kube/apps' &&
        request.method === 'POST';
      // Neither is an installation admin: managing accounts is refused them alike.
      const adminOnly = answer.status === 403 && request.template.startsWith('/auth/users/');
      if (answer.status >= 300 && answer.status !== 409 && !answered && !mixedOwners && !adminOnly)
        refused.push(`${request.method} ${request.template} ${answer.status} ${answer.body}`);
    }
    expect(changes.length).toBeGreaterThan(20);
    expect(refused).toEqual([]);
  });
});
