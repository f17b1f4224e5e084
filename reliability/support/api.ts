import { admin } from './meridian-process';

/** A signed-in user of the server under attack. */
export interface ApiUser {
  userId: string;
  headers: Record<string, string>;
}

export interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One request; a connection the server closes counts as status 0, never as a thrown error. */
export async function send(
  baseUrl: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | FormData | Buffer },
): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: init.headers,
      body: init.body,
    });
    const body = await response.text();
    return { status: response.status, body, ms: performance.now() - started };
  } catch {
    return { status: 0, body: '', ms: performance.now() - started };
  }
}

export async function logIn(baseUrl: string, credentials = admin): Promise<ApiUser> {
  const answer = await send(baseUrl, '/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (answer.status !== 200) throw new Error(`login answered ${answer.status}: ${answer.body}`);
  const { token, userId } = JSON.parse(answer.body) as { token: string; userId: string };
  return { userId, headers: { authorization: `Bearer ${token}`, 'x-user-id': userId } };
}

/** A new user made by the admin, signed in. */
export async function newUser(baseUrl: string, owner: ApiUser, name: string): Promise<ApiUser> {
  const password = `pw-${name}-reliability`;
  const made = await send(baseUrl, '/auth/users', {
    method: 'POST',
    headers: { ...owner.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, email: `${name}@example.ca`, password }),
  });
  if (made.status !== 201)
    throw new Error(`creating ${name} answered ${made.status}: ${made.body}`);
  return logIn(baseUrl, { username: name, password } as typeof admin);
}

export async function json<T>(
  baseUrl: string,
  user: ApiUser,
  path: string,
  method = 'GET',
  body?: unknown,
): Promise<T> {
  const answer = await send(baseUrl, path, {
    method,
    headers: {
      ...user.headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (answer.status >= 300)
    throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body}`);
  return JSON.parse(answer.body) as T;
}

/** Polls until `check` holds, up to `timeoutMs`. */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A ready manual smart cluster on these datacenters. */
export async function readySmartCluster(
  baseUrl: string,
  user: ApiUser,
  name: string,
  datacenters: string[],
): Promise<string> {
  const { uuid } = await json<{ uuid: string }>(baseUrl, user, '/cluster/clusters', 'POST', {
    name,
    datacenters,
    mode: 'MANUAL',
    cluster_size: 'mini',
  });
  await until(async () => {
    const list = await json<{ uuid: string; status: string }[]>(
      baseUrl,
      user,
      '/cluster/smart_clusters',
    );
    return list.find((item) => item.uuid === uuid)?.status === 'success';
  }, `smart cluster ${name}`);
  return uuid;
}

/** True when an error answer has the contract's shape: `{message, errors?}` with short strings. */
export function isErrorShape(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; errors?: unknown };
    const errors = parsed.errors;
    return (
      typeof parsed.message === 'string' &&
      (errors === undefined ||
        (Array.isArray(errors) && errors.every((error) => typeof error === 'string')))
    );
  } catch {
    return false;
  }
}
