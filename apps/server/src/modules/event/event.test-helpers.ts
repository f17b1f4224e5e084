import { logIn, type LoggedIn, type TestApp } from '../../test-support/test-app';

/** Creates a user through the admin API and logs them in. */
export async function addUser(t: TestApp, admin: LoggedIn, username: string): Promise<LoggedIn> {
  const password = `${username}-password-1`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/users',
    headers: admin.headers,
    payload: { username, email: `${username}@example.ca`, password },
  });
  if (response.statusCode !== 201) {
    throw new Error(`creating ${username} failed: ${response.statusCode} ${response.body}`);
  }
  return logIn(t.app, username, password);
}
