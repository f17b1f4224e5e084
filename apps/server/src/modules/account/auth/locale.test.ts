import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { recordEvent } from '../event/event.service';

// Issue 40: the console's language is remembered per user, and the API answers in the caller's.
describe.each(embeddedBackendOnly())('languages on %s', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await logIn(t.app);
  });
  afterAll(() => t.close());

  const session = async () =>
    (await t.app.inject({ method: 'GET', url: '/auth/session', headers: admin.headers })).json<{
      locale: string | null;
    }>();

  it('remembers the language a user chose', async () => {
    expect((await session()).locale).toBeNull();
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/auth/users/me',
      headers: admin.headers,
      payload: { locale: 'fr-CA' },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ userId: admin.userId, locale: 'fr-CA' });
    expect((await session()).locale).toBe('fr-CA');
    // A session reads the language with its credential; an API key's caller reads it apart.
    const created = await t.app.inject({
      method: 'POST',
      url: '/auth/api_key',
      headers: admin.headers,
      payload: { name: 'locale-reader' },
    });
    const keyHeaders = {
      authorization: `ApiKey ${created.json<{ key: string }>().key}`,
      'x-user-id': admin.userId,
    };
    const byKey = await t.app.inject({ method: 'GET', url: '/auth/session', headers: keyHeaders });
    expect(byKey.json()).toMatchObject({ userId: admin.userId, locale: 'fr-CA' });
  });

  it('refuses a language it does not speak', async () => {
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/auth/users/me',
      headers: admin.headers,
      payload: { locale: 'de' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(['Please choose en or fr-CA']);
  });

  const emptyLogin = (acceptLanguage?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: {},
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    });

  it('answers the spec’s English messages to a caller who asks for no French', async () => {
    for (const asked of [undefined, 'en-CA', 'de-DE, en;q=0.5', 'fr-CA;q=0.2, en;q=0.9']) {
      const answer = await emptyLogin(asked);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors).toEqual(['Please enter a username', 'Please enter a password']);
    }
  });

  it('answers in French to a caller whose first language is French', async () => {
    for (const asked of ['fr-CA', 'fr', 'fr-FR,fr;q=0.9,en;q=0.8', 'en;q=0.4, fr-CA;q=0.9']) {
      const answer = await emptyLogin(asked);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors).toEqual([
        'Veuillez entrer un nom d’utilisateur',
        'Veuillez entrer un mot de passe',
      ]);
    }
  });

  it('titles notifications in the caller’s language, names in « »', async () => {
    await recordEvent(t.database.db, {
      userId: admin.userId,
      type: 'SMART_CLUSTER_CREATE_FULFILLED',
      payload: { smart_cluster_name: 'production' },
    });
    const list = async (acceptLanguage: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/event/server/notifications',
          headers: { ...admin.headers, 'accept-language': acceptLanguage },
        })
      ).json<{ message: { title: string } }[]>()[0]!.message.title;
    expect(await list('en')).toBe('Smart cluster "production" created.');
    expect(await list('fr-CA')).toBe('Grappe intelligente « production » : création terminée.');
  });
});
