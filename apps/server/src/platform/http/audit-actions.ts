/**
 * The audit log's action names (docs/audit-log.md), derived from a route's method and URL
 * template so no route file has to name its own: `<noun>.<verb>`, the noun being the route's
 * last fixed segment in the singular (`POST /meridian/v1/kube/apps` → `app.create`), and a
 * fixed segment after an id naming what is done to that noun (`…/deployment/:id/rollback` →
 * `deployment.rollback`). The table below names the routes that rule reads badly.
 */

/** `null`: a POST that changes nothing (a preview), not recorded. */
const overrides: Readonly<Record<string, string | null>> = {
  'POST /auth/login': 'auth.login',
  'POST /auth/logout': 'auth.logout',
  'POST /auth/users/private_key': 'keypair.private_key_reveal',
  'POST /event/server/notifications/read': 'notification.read_all',
  'PUT /event/server/notifications/read': 'notification.read',
  'POST /auth/organizations/:organizationId/members': 'organization.member_add',
  'DELETE /auth/organizations/:organizationId/members/:userId': 'organization.member_remove',
  'POST /certificate/deployments/:deploymentId': 'certificate.issue',
  'POST /domain/dns/user': 'dns_record.create',
  'PUT /domain/dns/user/:recordId': 'dns_record.update',
  'DELETE /domain/dns/user/:recordId': 'dns_record.delete',
  'PUT /domain/dns/user/versions/:versionId/smart_clusters/:smartClusterId':
    'deployment.domain_names_update',
  'PUT /domain/dns/user/entries/deployments/:deploymentId': 'deployment.domain_names_update',
  'POST /domain/name': 'domain.create',
  'DELETE /domain/name/:domainId': 'domain.delete',
  'POST /domain/name/:domain/claim': 'domain.claim',
  'POST /domain/name/:domainId/zone': 'domain.zone_import',
  'DELETE /cluster/clusters/shared/:id': 'cluster.shared_delete',
  'POST /cluster/clusters/external': 'cluster.external_create',
  'POST /cluster/clusters/versions': 'version.deploy',
  'POST /cluster/clusters/:id/credentials': 'cluster.credentials',
  'PUT /meridian/v1/kube/apps/:appId/deployment': 'deployment.image_roll_out',
  'PUT /intelligence/clusters/:smartClusterUuid/deployment/:appUuid': 'deployment.image_roll_out',
  'POST /intelligence/placement': null,
};

const verbs: Readonly<Record<string, string>> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

const isParam = (segment: string) => segment.startsWith(':');

/** The action of `method` on the route `template`; null when the route is not recorded. */
export function auditActionOf(method: string, template: string): string | null {
  const override = overrides[`${method} ${template}`];
  if (override !== undefined) return override;
  const segments = template.split('/').filter(Boolean);
  const lastFixed = segments.findLastIndex((segment) => !isParam(segment));
  if (lastFixed < 0) return null;
  const word = segments[lastFixed]!;
  const before = segments[lastFixed - 1];
  const noun = segments[lastFixed - 2];
  // `…/<nouns>/:id/<word>`: the word is what is done to that noun, unless it is a collection.
  if (before && isParam(before) && noun && !word.endsWith('s')) {
    const verb = method === 'POST' ? word : `${word}_${verbs[method] ?? 'change'}`;
    return `${singular(noun)}.${verb}`;
  }
  return `${singular(word)}.${verbs[method] ?? 'change'}`;
}

/** The target's type an action names: its noun (a login's target is a session). */
export function auditTargetTypeOf(action: string): string {
  const noun = action.split('.')[0]!;
  return noun === 'auth' ? 'session' : noun;
}
