import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { Writable } from 'node:stream';
import type { App as AppEntity } from '@meridian/domain/apps/app-api';
import { sampleHeatTemplate } from '@meridian/domain/apps/sample-templates';
import { validationMessages } from '@meridian/domain/validation-messages';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatorDriver } from '../../../platform/drivers/simulator/simulator-driver';
import {
  addUser,
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { createClusterTestApp } from '../../clusters/cluster/cluster.test-support';
import {
  allSettled,
  createApp,
  readySmartCluster,
  waitForDeployments,
} from '../../apps/app/app.test-support';
import { invalidCredentialsMessage } from '../auth/auth.service';
import { sessionRequiredMessage } from '../../../platform/http/authenticate';
import {
  fingerprintOf,
  publicKeyDerivedBy,
  rawPublicKeyOf,
  seedOf,
} from './openssh-key.test-support';
import { userKeypairs } from '../../../platform/db/schema/accounts';

const privateKeyHeader = '-----BEGIN OPENSSH PRIVATE KEY-----';
// DER headers of an Ed25519 PKCS#8 private key (RFC 8410) and SPKI public key; the raw
// 32-byte key follows each.
const ed25519Pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');
const ed25519SpkiPrefix = Buffer.from('302a300506032b6570032100', 'hex');

function passwordOf(username: string) {
  // addUser's convention.
  return `${username}-password-1`;
}

describe.each(embeddedBackendOnly())('SSH keypair on %s', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  let ada: LoggedIn;
  let bob: LoggedIn;
  const logLines: string[] = [];
  const simulator = new SimulatorDriver({ timeScale: 0, failDatacenters: [] });

  beforeAll(async () => {
    // Everything the app logs, at the most verbose level, to prove the key never shows up.
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createClusterTestApp(
      backend,
      { drivers: new Map([['simulator', simulator]]) },
      // A minute's wait from the first one, so the throttle test cannot outrun it on a slow machine.
      { logger: pino({ level: 'trace' }, sink), auth: { loginThrottle: { firstDelayMs: 60_000 } } },
    );
    admin = await logIn(t.app);
    ada = await addUser(t, admin, 'ada');
    bob = await addUser(t, admin, 'bob');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const getPublicKey = (user: LoggedIn, headers: Record<string, string> = user.headers) =>
    t.app.inject({ method: 'GET', url: '/auth/users/public_key', headers });

  const postPrivateKey = (
    user: LoggedIn,
    payload?: object,
    headers: Record<string, string> = user.headers,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/users/private_key',
      headers,
      ...(payload ? { payload } : {}),
    });

  const storedKeypairs = (userId: string) =>
    t.database.db.select().from(userKeypairs).where(eq(userKeypairs.userId, userId));

  it('makes one ed25519 keypair on first use, in OpenSSH form, named after the user', async () => {
    const first = await getPublicKey(ada);
    expect(first.statusCode, first.body).toBe(200);
    const publicKey = first.json<{ public_key: string }>().public_key;
    expect(publicKey).toMatch(
      new RegExp(`^ssh-ed25519 AAAA[A-Za-z0-9+/]+=* meridian-${ada.userId.slice(0, 8)}$`),
    );
    expect(await fingerprintOf(publicKey)).toMatch(/^256 SHA256:\S+ meridian-\S+ \(ED25519\)$/);

    const again = await getPublicKey(ada);
    expect(again.json()).toEqual({ public_key: publicKey });
    const rows = await storedKeypairs(ada.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      keyName: `meridian-${ada.userId.slice(0, 8)}`,
      publicKey,
    });
  });

  it('answers one keypair to two first requests made at once', async () => {
    const carol = await addUser(t, admin, 'carol');
    const answers = await Promise.all([
      getPublicKey(carol),
      getPublicKey(carol),
      postPrivateKey(carol, { username: 'carol', password: passwordOf('carol') }),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const [a, b, priv] = answers.map((answer) => answer.json<Record<string, string>>());
    expect(a!.public_key).toBe(b!.public_key);
    expect(await publicKeyDerivedBy(priv!.private_key!)).toBe(a!.public_key);
    expect(await storedKeypairs(carol.userId)).toHaveLength(1);
  });

  it('gives the private key that derives the public one, after the password again', async () => {
    const response = await postPrivateKey(ada, { username: 'ada', password: passwordOf('ada') });
    expect(response.statusCode, response.body).toBe(200);
    const privateKey = response.json<{ private_key: string }>().private_key;
    expect(privateKey.startsWith(privateKeyHeader)).toBe(true);

    const publicKey = (await getPublicKey(ada)).json<{ public_key: string }>().public_key;
    // Two tools agree: OpenSSH reads the files, node's crypto the raw key material.
    expect(await fingerprintOf(privateKey)).toBe(await fingerprintOf(publicKey));
    // Independently of OpenSSH: node derives the public key from the private seed alone, and a
    // signature made with the private key verifies with the published one.
    const seed = seedOf(privateKey);
    const nodePrivate = createPrivateKey({
      key: Buffer.concat([ed25519Pkcs8Prefix, seed]),
      format: 'der',
      type: 'pkcs8',
    });
    const derivedRaw = createPublicKey(nodePrivate)
      .export({ type: 'spki', format: 'der' })
      .subarray(-32);
    expect(derivedRaw.equals(rawPublicKeyOf(publicKey))).toBe(true);
    const nodePublic = createPublicKey({
      key: Buffer.concat([ed25519SpkiPrefix, rawPublicKeyOf(publicKey)]),
      format: 'der',
      type: 'spki',
    });
    const message = Buffer.from('meridian');
    expect(verify(null, message, nodePublic, sign(null, message, nodePrivate))).toBe(true);

    // Usernames are the same regardless of case, as at login.
    const upper = await postPrivateKey(ada, { username: ' ADA ', password: passwordOf('ada') });
    expect(upper.json()).toEqual({ private_key: privateKey });
  });

  it('keeps the private key sealed at rest and out of the logs', async () => {
    const privateKey = (
      await postPrivateKey(ada, { username: 'ada', password: passwordOf('ada') })
    ).json<{ private_key: string }>().private_key;
    const body = privateKey.split('\n').slice(1, -2).join('');
    const [row] = await storedKeypairs(ada.userId);
    expect(row!.privateKeySealed).toMatch(/^v2:[0-9a-f]{16}:/);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(privateKeyHeader);
    for (const line of privateKey.split('\n').slice(1, -2)) expect(stored).not.toContain(line);

    const logs = logLines.join('');
    expect(logs).toContain('/auth/users/private_key');
    expect(logs).not.toContain(privateKeyHeader);
    expect(logs).not.toContain(body.slice(0, 40));
    expect(logs).not.toContain(passwordOf('ada'));
  });

  it('needs both fields, with the login messages', async () => {
    const empty = await postPrivateKey(ada);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([validationMessages.username, validationMessages.password]);
    const blank = await postPrivateKey(ada, { username: '  ', password: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([validationMessages.username, validationMessages.password]);
    const noPassword = await postPrivateKey(ada, { username: 'ada' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toEqual([validationMessages.password]);
  });

  it('refuses a wrong password, and another user’s credentials, with 401', async () => {
    const wrong = await postPrivateKey(bob, { username: 'bob', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: invalidCredentialsMessage });
    expect(wrong.body).not.toContain(privateKeyHeader);

    // Ada's own, correct credentials do not unlock a key from Bob's session.
    const crossed = await postPrivateKey(bob, { username: 'ada', password: passwordOf('ada') });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.body).not.toContain(privateKeyHeader);

    // Each user gets their own keypair.
    const bobKey = (await getPublicKey(bob)).json<{ public_key: string }>().public_key;
    const adaKey = (await getPublicKey(ada)).json<{ public_key: string }>().public_key;
    expect(bobKey).not.toBe(adaKey);
    expect(bobKey.endsWith(`meridian-${bob.userId.slice(0, 8)}`)).toBe(true);
  });

  it('needs a console session: no credentials, or an API key, get nothing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/auth/users/public_key' })).statusCode).toBe(
      401,
    );
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/auth/users/private_key',
      payload: { username: 'ada', password: passwordOf('ada') },
    });
    expect(anonymous.statusCode).toBe(401);

    const created = await t.app.inject({
      method: 'POST',
      url: '/auth/api_key',
      headers: ada.headers,
      payload: { name: 'ci' },
    });
    const apiKeyHeaders = {
      authorization: `ApiKey ${created.json<{ key: string }>().key}`,
      'x-user-id': ada.userId,
    };
    expect((await getPublicKey(ada, apiKeyHeaders)).statusCode).toBe(200);
    const viaKey = await postPrivateKey(
      ada,
      { username: 'ada', password: passwordOf('ada') },
      apiKeyHeaders,
    );
    expect(viaKey.statusCode).toBe(403);
    expect(viaKey.json()).toEqual({ message: sessionRequiredMessage });
  });

  it('throttles password guesses like login does', async () => {
    const dave = await addUser(t, admin, 'dave');
    // Three guesses are free, the fourth makes the next try wait.
    for (let i = 0; i < 4; i += 1) {
      const guess = await postPrivateKey(dave, { username: 'dave', password: `guess-${i}` });
      expect(guess.statusCode).toBe(401);
    }
    const blocked = await postPrivateKey(dave, { username: 'dave', password: passwordOf('dave') });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts — try again in (59|60) s$/);
    // The counters are login's: the same guesses hold the login form back from this address too.
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'dave', password: passwordOf('dave') },
    });
    expect(login.statusCode).toBe(429);
  });

  it('passes the user’s keypair name to Heat, making the keypair if needed', async () => {
    const erin = await addUser(t, admin, 'erin');
    expect(await storedKeypairs(erin.userId)).toHaveLength(0);
    const smartCluster = await readySmartCluster(t, erin, ['ca-toronto'], 'vms');
    const created = await createApp(
      t,
      erin,
      {
        name: 'vm-app',
        version_name: 'v1',
        smart_cluster_uuid: smartCluster.uuid,
        template_type: 'HEAT',
        flavor_name: 'small',
        volume_type: 'SSD',
      },
      { filename: 'stack.yaml', content: sampleHeatTemplate },
    );
    expect(created.statusCode, created.body).toBe(200);
    const app = await waitForDeployments(t, erin, created.json<AppEntity>().uuid, allSettled);
    const deployment = app.deployments[0]!;
    expect(deployment.status).toBe('success');

    const [row] = await storedKeypairs(erin.userId);
    expect(row?.keyName).toBe(`meridian-${erin.userId.slice(0, 8)}`);
    const stack = simulator
      .stacksOn(deployment.cluster_uuid)
      .find((candidate) => candidate.deploymentId === deployment.uuid);
    expect(stack?.parameters.keypair_name).toBe(row!.keyName);
    // The key Heat was told about is the one the dialog hands out.
    const publicKey = (await getPublicKey(erin)).json<{ public_key: string }>().public_key;
    expect(publicKey).toBe(row!.publicKey);
  }, 60_000);
});
