// The core's parse, not classic zod: this module is on the login page, which must stay small.
import { safeParse } from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { t } from '../i18n/translate';
import { currentLocale } from '../i18n/locale';
import { notify } from '../notifications/notify';
import { readActingOrganization } from '../session/acting-organization';
import { LOGIN_PATH, sessionExpired } from '../session/session-expiry';
import { readStoredUser, removeStoredUser } from '../session/user-storage';
import { ApiError } from './api-error';
import { apiPaths } from './api-paths';

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions<Schema extends $ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, except FormData (multipart) and Blob, which go as they are. */
  body?: unknown;
  query?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** False for calls whose 401 must not end the session with a notice (logout). */
  expireSessionOnUnauthorized?: boolean;
  /** What a successful answer must be: the answer is parsed with it, never cast. */
  schema: Schema;
}

/** Options of one call of apiClient: everything but the method and the body. */
export type CallOptions<Schema extends $ZodType> = Omit<RequestOptions<Schema>, 'method' | 'body'>;

/** The control plane's address: `VITE_API_BASE_URL`, or the console's own origin. */
export const apiBaseUrl = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');

function buildUrl(path: string, query?: QueryParams): string {
  const url = `${apiBaseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

function authHeaders(): Record<string, string> {
  const user = readStoredUser();
  return user ? { Authorization: `Bearer ${user.token}`, 'x-user-id': user.userId } : {};
}

/**
 * The domain's `organizationHeader`, spelt here: its module loads classic zod, which the login
 * page does without (a test checks they agree).
 */
export const organizationHeaderName = 'x-organization-uuid';

/** The acting organisation, on every request but /auth's (the user's own: sessions, organisations). */
function organizationHeaders(path: string): Record<string, string> {
  if (path === apiPaths.auth || path.startsWith(`${apiPaths.auth}/`)) return {};
  const organization = readActingOrganization();
  return organization ? { [organizationHeaderName]: organization } : {};
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function expireSession(): void {
  notify.error(t('session.expired.title'), t('session.expired.description'), {
    key: 'session-expired',
  });
  removeStoredUser();
  sessionExpired();
}

/** The answer as its schema reads it; anything else is logged for developers and thrown. */
function parseAnswer<Schema extends $ZodType>(
  schema: Schema,
  data: unknown,
  response: Response,
  request: string,
): output<Schema> {
  const parsed = safeParse(schema, data);
  if (parsed.success) return parsed.data;
  console.error(`Unexpected answer to ${request}`, parsed.error.issues);
  throw new ApiError(response.status, t('error.unreadableAnswer'));
}

/**
 * Every call of the console goes through here: credentials of the stored user on each request,
 * the acting organisation, JSON in and out, the answer checked by the call's schema, failures thrown as ApiError. A 401
 * outside /login ends the session.
 */
export async function apiRequest<Schema extends $ZodType>(
  path: string,
  options: RequestOptions<Schema>,
): Promise<output<Schema>> {
  const {
    method = 'GET',
    body,
    query,
    headers,
    signal,
    expireSessionOnUnauthorized = true,
    schema,
  } = options;
  const requestHeaders: Record<string, string> = {
    Accept: 'application/json',
    // The server answers its messages in the console's language (issue 40).
    'Accept-Language': currentLocale(),
    ...authHeaders(),
    ...organizationHeaders(path),
    ...headers,
  };
  const init: RequestInit = { method, headers: requestHeaders, signal };
  if (body !== undefined) {
    if (body instanceof FormData || body instanceof Blob) {
      init.body = body;
    } else {
      init.body = JSON.stringify(body);
      requestHeaders['Content-Type'] = 'application/json';
    }
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }

  const data = await readBody(response);
  if (response.ok) return parseAnswer(schema, data, response, `${method} ${path}`);

  if (
    response.status === 401 &&
    expireSessionOnUnauthorized &&
    window.location.pathname !== LOGIN_PATH
  ) {
    expireSession();
  }
  throw ApiError.fromBody(response.status, data, response.statusText || `HTTP ${response.status}`);
}

/** Each call names the schema of its answer: `apiClient.get(path, { schema })`. */
export const apiClient = {
  get: <Schema extends $ZodType>(path: string, options: CallOptions<Schema>) =>
    apiRequest(path, { ...options, method: 'GET' }),
  post: <Schema extends $ZodType>(path: string, body: unknown, options: CallOptions<Schema>) =>
    apiRequest(path, { ...options, method: 'POST', body }),
  put: <Schema extends $ZodType>(path: string, body: unknown, options: CallOptions<Schema>) =>
    apiRequest(path, { ...options, method: 'PUT', body }),
  patch: <Schema extends $ZodType>(path: string, body: unknown, options: CallOptions<Schema>) =>
    apiRequest(path, { ...options, method: 'PATCH', body }),
  delete: <Schema extends $ZodType>(path: string, body: unknown, options: CallOptions<Schema>) =>
    apiRequest(path, { ...options, method: 'DELETE', body }),
};
