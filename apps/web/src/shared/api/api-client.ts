import { t } from '../i18n/translate';
import { notify } from '../notifications/notify';
import { readStoredUser, removeStoredUser } from '../session/user-storage';
import { ApiError } from './api-error';

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, except FormData (multipart) and Blob, which go as they are. */
  body?: unknown;
  query?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** False for calls whose 401 must not end the session with a notice (logout). */
  expireSessionOnUnauthorized?: boolean;
}

/** The control plane's address: `VITE_API_BASE_URL`, or the console's own origin. */
export const apiBaseUrl = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');

export const LOGIN_PATH = '/login';

let onSessionExpired: () => void = () => {
  window.location.assign(LOGIN_PATH);
};

/**
 * What to do after a 401 outside /login, once the stored user is gone and the user told:
 * the app clears the session state and routes to /login.
 */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

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
  onSessionExpired();
}

/**
 * Every call of the console goes through here: credentials of the stored user on each request,
 * JSON in and out, failures thrown as ApiError. A 401 outside /login ends the session.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const {
    method = 'GET',
    body,
    query,
    headers,
    signal,
    expireSessionOnUnauthorized = true,
  } = options;
  const init: RequestInit = {
    method,
    headers: { Accept: 'application/json', ...authHeaders(), ...headers },
    signal,
  };
  if (body !== undefined) {
    if (body instanceof FormData || body instanceof Blob) {
      init.body = body;
    } else {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
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
  if (response.ok) return data as T;

  if (
    response.status === 401 &&
    expireSessionOnUnauthorized &&
    window.location.pathname !== LOGIN_PATH
  ) {
    expireSession();
  }
  throw ApiError.fromBody(response.status, data, response.statusText || `HTTP ${response.status}`);
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};
