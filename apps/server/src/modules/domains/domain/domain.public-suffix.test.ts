import { publicSuffixMessage, type Domain } from '@meridian/domain/domains/domain-api';
import { validationMessages } from '@meridian/domain/validation-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  createTestApp,
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { loadZones } from './zone-store';
import { domains } from '../../../platform/db/schema/domains';

/** A name under which anyone registers names (co.uk, github.io) belongs to no account. */
describe.each(embeddedBackendOnly())('public suffixes as domains on %s', (backend) => {
  let t: TestApp;
  let alice: LoggedIn;
  let mallory: LoggedIn;

  beforeAll(async () => {
    t = await createTestApp(backend);
    alice = await logIn(t.app);
    mallory = await addUser(t, alice, 'mallory');
  }, 60_000);
  afterAll(() => t?.close());

  const addDomain = (user: LoggedIn, name: string) =>
    t.app.inject({
      method: 'POST',
      url: '/domain/name',
      headers: user.headers,
      payload: { domain_name: name },
    });

  it('refuses a public suffix, private ones included, with a sentence; names under it are fine', async () => {
    const suffixes = ['co.uk', 'com.au', 'github.io', 'blogspot.com', 'anything.ck'];
    for (const suffix of [...suffixes, 'CO.UK.']) {
      const refused = await addDomain(mallory, suffix);
      const expected = publicSuffixMessage(suffix.toLowerCase().replace(/\.$/, ''));
      expect([refused.statusCode, refused.json()], suffix).toEqual([
        400,
        { message: 'Validation failed', errors: [expected] },
      ]);
    }
    expect(publicSuffixMessage('co.uk')).toBe(
      'co.uk is a public suffix: add a name registered under it, such as example.co.uk.',
    );
    // A top-level domain alone is no domain name at all (spec "Validation rules").
    const tld = await addDomain(mallory, 'com');
    expect([tld.statusCode, tld.json().errors]).toEqual([400, [validationMessages.domain]]);
    for (const name of ['example.co.uk', 'mallory.github.io', 'example.notatld']) {
      const added = await addDomain(mallory, name);
      expect(added.statusCode, added.body).toBe(200);
    }
    const held = await t.app.inject({ url: '/domain/name', headers: mallory.headers });
    expect(held.json<Domain[]>().map((domain) => domain.domain_name)).not.toContain('co.uk');
  });

  it('leaves a public suffix stored before inert: it keeps no one out and is not served', async () => {
    // As if added before public suffixes were refused.
    await t.database.db
      .insert(domains)
      .values({ userId: mallory.userId, domainName: 'com.au', status: 'success' });
    const added = await addDomain(alice, 'shop.com.au');
    expect(added.statusCode, added.body).toBe(200);
    const apexes = (await loadZones(t.database.db)).map((zone) => zone.apex);
    expect(apexes).toContain('shop.com.au');
    expect(apexes).not.toContain('com.au');
  });
});
