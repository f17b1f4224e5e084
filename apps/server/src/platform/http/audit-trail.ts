import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditResult } from '@meridian/domain/auth/audit';
import { auditPurger, recordAudit, type AuditRecord } from '../audit-log';
import type { Database } from '../db/database';
import { users } from '../db/schema/accounts';
import { auditActionOf, auditTargetTypeOf } from './audit-actions';
import type { Authentication } from './authenticate';
import type { App } from './http-app';
import { actingOrganizationOf } from './acting-account';

const mutatingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const loginAction = 'auth.login';
/** Answers read for the target's uuid and name; larger ones are not parsed. */
const answerReadLimit = 256 * 1024;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Fields = Record<string, unknown>;

/**
 * Records every change made through the API in the audit log (docs/audit-log.md), for every
 * route of every module: mutating requests of signed-in callers, and logins.
 *
 * The entry is written in an `onSend` hook awaited before the answer goes out, not in the
 * change's own transaction: no client sees a success without its entry, but a crash between
 * the commit and the entry loses the entry. A failed write answers 500 rather than unrecorded.
 */
export function registerAuditTrail(app: App, db: Database, now: () => Date): void {
  const purge = auditPurger(db, now);
  app.addHook('onSend', async (request, reply, payload) => {
    const entry = await auditEntryOf(db, request, reply, payload);
    if (entry) {
      await recordAudit(db, { ...entry, at: now() });
      await purge();
    }
    return payload;
  });
}

/** The entry a request makes, or null: reads, unknown routes, validation errors, conflicts. */
async function auditEntryOf(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<AuditRecord | null> {
  const template = request.routeOptions.url;
  if (!template || !mutatingMethods.has(request.method)) return null;
  const action = auditActionOf(request.method, template);
  if (!action) return null;
  const authentication = authenticationOf(request);
  const result = resultOf(action, reply.statusCode, authentication !== undefined);
  if (!result) return null;
  const actor = authentication
    ? actorOf(authentication)
    : await loginActorOf(db, fieldsOf(request.body));
  const answer = result === 'success' ? answerFieldsOf(reply, payload) : {};
  return {
    actor,
    action,
    target: targetOf(request, action, answer),
    organizationId: organizationOf(request),
    accountUserId: authentication?.user.id ?? actor.id,
    ip: request.ip,
    result,
  };
}

/**
 * 2xx is a success; 401 and 403, and 404 (how another account's resource is refused), are
 * refusals. Validation errors (400), conflicts (409) and throttling are not recorded, except
 * that a throttled login is a refused guess. A caller that did not authenticate is not recorded.
 */
function resultOf(action: string, status: number, authenticated: boolean): AuditResult | null {
  if (status >= 200 && status < 300)
    return authenticated || action === loginAction ? 'success' : null;
  if (action === loginAction) return status === 401 || status === 429 ? 'refused' : null;
  if (!authenticated) return null;
  return status === 401 || status === 403 || status === 404 ? 'refused' : null;
}

/** The request's authentication, when `app.authenticate` accepted it. */
function authenticationOf(request: FastifyRequest): Authentication | undefined {
  try {
    return request.authentication;
  } catch {
    return undefined;
  }
}

function actorOf({ user, credential }: Authentication): AuditRecord['actor'] {
  return credential.kind === 'apiKey'
    ? { type: 'api_key', id: credential.keyId, name: credential.keyName }
    : { type: 'user', id: user.id, name: user.username };
}

/** A login's actor: the account of the username tried, or that name when there is none. */
async function loginActorOf(db: Database, body: Fields): Promise<AuditRecord['actor']> {
  const tried = typeof body.username === 'string' ? body.username.trim().slice(0, 100) : '';
  if (!tried) return { type: 'user', id: null, name: null };
  const [user] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${tried})`);
  return { type: 'user', id: user?.id ?? null, name: user?.username ?? tried };
}

/**
 * What the change was made to: its type from the action, its uuid from the last path id or the
 * answer, its name from the answer's or the request's `name` only — never another body field.
 */
function targetOf(request: FastifyRequest, action: string, answer: Fields): AuditRecord['target'] {
  const type = auditTargetTypeOf(action);
  const body = fieldsOf(request.body);
  const pathIds = Object.values(fieldsOf(request.params)).filter(isText);
  const answerName = type === 'user' ? (answer.name ?? answer.username) : answer.name;
  return {
    type,
    id: pathIds.at(-1) ?? firstText(answer.uuid, answer.id, type === 'user' && answer.userId),
    name: firstText(answerName, body.name),
  };
}

/**
 * The organisation a request acts in (http/acting-account.ts), else the one an organisation
 * route names by its `organizationId` path id or an `organization_uuid` body field.
 */
export function organizationOf(request: FastifyRequest): string | null {
  const acting = actingOrganizationOf(request);
  if (acting) return acting;
  const params = fieldsOf(request.params);
  const body = fieldsOf(request.body);
  const id = firstText(params.organizationId, body.organization_uuid, body.organizationId);
  return id && uuidPattern.test(id) ? id : null;
}

function answerFieldsOf(reply: FastifyReply, payload: unknown): Fields {
  const type = String(reply.getHeader('content-type') ?? '');
  if (typeof payload !== 'string' || !type.includes('json') || payload.length > answerReadLimit) {
    return {};
  }
  try {
    return fieldsOf(JSON.parse(payload));
  } catch {
    return {};
  }
}

function fieldsOf(value: unknown): Fields {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Fields)
    : {};
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

function firstText(...values: unknown[]): string | null {
  return values.find(isText) ?? null;
}
