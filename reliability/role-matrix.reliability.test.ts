import {
  organizationHeader,
  organizationMessages,
  organizationRoles,
  roleAllows,
  type OrganizationRole,
} from '@meridian/domain/auth/organization';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, logIn, newUser, send, type Answer, type ApiUser } from './support/api';
import { figuresRow, printFigures, type AttackFigures } from './support/figures';
import {
  everyId,
  ghostIds,
  isolationMatrix,
  type MatrixRequest,
  type OpenApiDocument,
  type OwnedIds,
  type ResourceKind,
} from './support/isolation';
import { changedPaths, ownerSnapshot, seedOwner, settledSnapshot } from './support/isolation-owner';
import { startMeridian, type MeridianProcess } from './support/meridian-process';

/**
 * Issue 37: every operation on an organisation's resources × viewer, developer, admin, owner and
 * an outsider. The role each operation needs is read from the OpenAPI document
 * (`x-meridian-role`, docs/organizations.md); a role below it gets 403 with the sentence, an
 * outsider 404, and neither changes the organisation's data. The roles allowed read it (200) and,
 * last, the least role allowed makes each change.
 */

/** The kinds an organisation owns; operations naming any other id are the isolation matrix's. */
const organizationKinds = new Set<ResourceKind>([
  'smartCluster',
  'memberCluster',
  'app',
  'version',
  'deployment',
  'rollout',
  'domain',
  'dnsRecord',
  'domainName',
]);

type Caller = OrganizationRole | 'outsider';

let server: MeridianProcess;
let ids: OwnedIds;
let owner: ApiUser;
let requests: { request: MatrixRequest; needed: OrganizationRole }[];
const callers = new Map<Caller, ApiUser>();
const rows: AttackFigures[] = [];

function fire(request: MatrixRequest, user: ApiUser): Promise<Answer> {
  const body = request.body;
  const headers = { ...user.headers, ...request.headers };
  if (body && 'form' in body) {
    const form = new FormData();
    for (const [name, value] of Object.entries(body.form)) form.append(name, value);
    return send(server.baseUrl, request.path, { method: request.method, headers, body: form });
  }
  return send(server.baseUrl, request.path, {
    method: request.method,
    headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
    body: body ? JSON.stringify(body.json) : undefined,
  });
}

/** The operations that name only the organisation's resources, with the role each needs. */
function organizationOperations(document: OpenApiDocument) {
  const kinds = (request: MatrixRequest) => {
    // Names, not ids: the username is also part of the seeded domain name.
    const named = Object.entries(ids).filter(
      ([kind, id]) =>
        !['username', 'apiKeyName'].includes(kind) &&
        (request.path.includes(id) || JSON.stringify(request.body ?? '').includes(id)),
    );
    return named.map(([kind]) => kind as ResourceKind);
  };
  return isolationMatrix(document, ids, ghostIds()).flatMap((request) => {
    const operation = document.paths[request.template]?.[request.method.toLowerCase()] as
      { 'x-meridian-role'?: OrganizationRole } | undefined;
    const needed = operation?.['x-meridian-role'];
    const named = kinds(request);
    const ownedOnly = named.length > 0 && named.every((kind) => organizationKinds.has(kind));
    return request.aimedAt === everyId && needed && ownedOnly ? [{ request, needed }] : [];
  });
}

/** A user in `role`, who acts in the organisation as the console's switcher does (the header). */
async function member(admin: ApiUser, name: string, organization: string, role: Caller) {
  const user = await newUser(server.baseUrl, admin, name);
  const acting = { ...user, headers: { ...user.headers, [organizationHeader]: organization } };
  if (role === 'outsider' || role === 'owner') return acting;
  await json(server.baseUrl, owner, `/auth/organizations/${organization}/members`, 'POST', {
    username: name,
    role,
  });
  const invitations = await json<{ uuid: string }[]>(server.baseUrl, user, '/auth/invitations');
  await json(server.baseUrl, user, `/auth/invitations/${invitations[0]!.uuid}/accept`, 'POST');
  return acting;
}

describe('role matrix: an organisation’s resources × viewer, developer, admin, owner, outsider', () => {
  beforeAll(async () => {
    // The seeded alert channel's webhook points at loopback.
    server = await startMeridian({ MERIDIAN_ALLOW_PRIVATE_OUTBOUND: '1' });
    const admin = await logIn(server.baseUrl);
    owner = await newUser(server.baseUrl, admin, 'acmeowner');
    const acme = await json<{ uuid: string }>(
      server.baseUrl,
      owner,
      '/auth/organizations',
      'POST',
      {
        name: 'Acme',
      },
    );
    for (const role of ['admin', 'developer', 'viewer', 'outsider'] as const)
      callers.set(role, await member(admin, `acme${role}`, acme.uuid, role));
    const inviter = await newUser(server.baseUrl, admin, 'inviter');
    // Everything seeded through the header belongs to Acme, not to its owner.
    const inAcme = { ...owner, headers: { ...owner.headers, [organizationHeader]: acme.uuid } };
    ({ ids } = await seedOwner(server.baseUrl, inAcme, 'acmeowner', inviter));
    owner = inAcme;
    callers.set('owner', owner);
    const document = (await (await fetch(`${server.baseUrl}/docs/json`)).json()) as OpenApiDocument;
    requests = organizationOperations(document);
  });
  afterAll(async () => {
    printFigures('Role matrix: an organisation’s resources, by role', rows);
    await server?.stop();
  });

  it('refuses each role below the one documented (403, in words) and an outsider (404), changing nothing', async () => {
    expect(requests.length).toBeGreaterThan(30);
    let before = await settledSnapshot(server.baseUrl, owner, ids);
    const wrong: string[] = [];
    for (const caller of ['outsider', ...organizationRoles] as const) {
      const statuses: number[] = [];
      for (const { request, needed } of requests) {
        const allowed = caller !== 'outsider' && roleAllows(caller, needed);
        if (allowed && request.method !== 'GET') continue;
        const answer = await fire(request, callers.get(caller)!);
        statuses.push(answer.status);
        const expected: [number, string?] = allowed
          ? [200]
          : caller === 'outsider'
            ? [404]
            : [403, organizationMessages.roleNeeded(needed, caller, 'Acme')];
        const message = answer.body.startsWith('{')
          ? (JSON.parse(answer.body) as { message?: string }).message
          : undefined;
        const got: [number, string?] = expected[1] ? [answer.status, message] : [answer.status];
        if (JSON.stringify(got) !== JSON.stringify(expected))
          wrong.push(
            `${caller} ${request.method} ${request.template}: ${answer.status} ${answer.body.slice(0, 120)}`,
          );
        if (request.method === 'GET') continue;
        const after = await ownerSnapshot(server.baseUrl, owner, ids);
        for (const path of changedPaths(before, after))
          wrong.push(`${caller} ${request.method} ${request.template} changed ${path}`);
        before = after;
      }
      rows.push(
        figuresRow(server, `${caller}: ${statuses.length} requests`, statuses.length, {
          answered4xx: statuses.filter((status) => status >= 400 && status < 500).length,
          answered5xx: statuses.filter((status) => status >= 500).length,
          other: statuses.filter((status) => status < 400).length,
        }),
      );
    }
    expect(wrong).toEqual([]);
    expect(server.exits()).toBe(0);
  });

  it('lets the least role documented make each change: the role is enough, the refusals were earned', async () => {
    const changes = requests.filter(({ request }) => request.method !== 'GET');
    // As the isolation matrix's owner pass: what moves the version a deployment runs goes after
    // the changes naming the version running now; deletions last, children first.
    const movesDeployments = ({ request: { method, template } }: (typeof changes)[number]) =>
      (method === 'PUT' && template.endsWith('/apps/{appId}/deployment')) ||
      template.endsWith('/rollback') ||
      template.endsWith('/abort');
    const ordered = [
      ...changes.filter(
        (change) => change.request.method !== 'DELETE' && !movesDeployments(change),
      ),
      ...changes.filter(movesDeployments),
      ...changes.filter(({ request }) => request.method === 'DELETE').reverse(),
    ];
    const refused: string[] = [];
    for (const { request, needed } of ordered) {
      const answer = await fire(request, callers.get(needed)!);
      // 409: a state an earlier change left (a rollout under way), after the role was checked.
      if (answer.status >= 300 && answer.status !== 409)
        refused.push(
          `${needed} ${request.method} ${request.template} ${answer.status} ${answer.body}`,
        );
    }
    expect(changes.length).toBeGreaterThan(15);
    expect(refused).toEqual([]);
  });
});
