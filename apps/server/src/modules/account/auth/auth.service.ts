import { createHash, randomBytes } from 'node:crypto';
import type { LoginInput } from '@meridian/domain/auth/login';
import type { ChangePasswordInput } from '@meridian/domain/auth/account-security';
import { codeMessage } from '@meridian/domain/auth/account-security';
import type { LoginResult } from '@meridian/domain/auth/login-result';
import type { CreateUserInput, SessionUser, UpdateMeInput, User } from '@meridian/domain/auth/user';
import { announceChange } from '../../../platform/changes/change-feed';
import type { AuthenticatedUser, Authentication } from '../../../platform/http/authenticate';
import {
  ConflictError,
  ForbiddenError,
  BadRequestError,
  RateLimitedError,
  TwoFactorRequiredError,
  UnauthorizedError,
  ValidationError,
} from '../../../platform/http/errors';
import {
  findUserById,
  findUserLocale,
  updateUserLocale,
  findUserByUsername,
  deleteDeadSessions,
  insertSession,
  insertUser,
  revokeOtherSessions,
  revokeSession,
  updatePasswordHash,
  updateSessionLastSeen,
} from './auth.queries';
import { acceptSecondFactor, invalidCodeMessage } from '../two-factor/two-factor.service';
import { isTwoFactorEnabled } from '../two-factor/two-factor.queries';
import { commonPasswordMessage, hashPassword, isCommonPassword } from './password';
import { verify } from '@node-rs/argon2';
import type { UserRow } from '../../../platform/db/schema/accounts';
import type { AccountContext } from '../account-context';
import { userAdminMessages } from '@meridian/domain/auth/user-admin';

export const invalidCredentialsMessage = 'Invalid username or password';

// 32 random bytes in base64url, as issued by login.
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export async function login(
  context: Pick<
    AccountContext,
    'db' | 'now' | 'loginThrottle' | 'sessionPolicy' | 'dummyPasswordHash' | 'secrets'
  >,
  { username, password, code }: LoginInput,
  ip: string,
): Promise<LoginResult> {
  const { db, loginThrottle, sessionPolicy } = context;
  const decision = await loginThrottle.attempt(username, ip);
  if (!decision.allowed) {
    throw new RateLimitedError(Math.ceil(decision.retryAfterMs / 1000));
  }
  const user = await findUserByUsername(db, username);
  const passwordMatches = await verify(
    user?.passwordHash ?? (await context.dummyPasswordHash),
    password,
  );
  if (!user || !passwordMatches) {
    throw new UnauthorizedError(invalidCredentialsMessage);
  }
  // Said only to whoever knows the password: it tells no one else the account exists.
  if (user.disabledAt) throw new UnauthorizedError(userAdminMessages.disabled);
  // The attempt stays counted as a failure until the code is right too: codes are guessed as
  // slowly as passwords.
  if (await isTwoFactorEnabled(db, user.id)) {
    if (!code) throw new TwoFactorRequiredError(codeMessage);
    if (!(await acceptSecondFactor(context, user.id, code))) {
      throw new TwoFactorRequiredError(invalidCodeMessage);
    }
  }
  await loginThrottle.recordSuccess(username, ip);

  const token = randomBytes(32).toString('base64url');
  const loggedInAt = context.now();
  // Each login clears the user's dead sessions: the table never grows without bound.
  await deleteDeadSessions(db, user.id, loggedInAt, sessionPolicy.idleTimeoutMs);
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    createdAt: loggedInAt,
    lastSeenAt: loggedInAt,
    expiresAt: new Date(loggedInAt.getTime() + sessionPolicy.absoluteLifetimeMs),
  });
  return { userId: user.id, userEmail: user.email, token };
}

/** Resolves a bearer token to its live session; throws UnauthorizedError otherwise. */
export async function authenticateSession(
  context: Pick<AccountContext, 'db' | 'now' | 'sessionPolicy' | 'findSessionByTokenHash'>,
  token: string,
): Promise<Authentication> {
  if (!tokenPattern.test(token)) throw new UnauthorizedError();
  const found = await context.findSessionByTokenHash(hashToken(token));
  if (!found || found.session.revokedAt) throw new UnauthorizedError();

  const { session, user, revision, locale } = found;
  const { sessionPolicy } = context;
  const at = context.now().getTime();
  const idleMs = at - session.lastSeenAt.getTime();
  if (at >= session.expiresAt.getTime() || idleMs >= sessionPolicy.idleTimeoutMs) {
    throw new UnauthorizedError();
  }
  if (idleMs >= sessionPolicy.touchIntervalMs) {
    await updateSessionLastSeen(context.db, session.id, new Date(at));
  }
  return {
    user: toAuthenticatedUser(user),
    credential: { kind: 'session', sessionId: session.id },
    userRevision: revision,
    locale,
  };
}

export async function logout(
  context: Pick<AccountContext, 'db' | 'now'>,
  { credential, user }: Authentication,
): Promise<void> {
  // The route requires a session; an API key is revoked from the API key page instead.
  if (credential.kind !== 'session') throw new ForbiddenError();
  await context.db.transaction(async (tx) => {
    await revokeSession(tx, credential.sessionId, context.now());
    // Heard by every process once committed: the session's live sockets are cut at once.
    await announceChange(tx, { topic: 'session', userId: user.id });
  });
}

export const wrongCurrentPasswordMessage = 'Your current password is not correct';

/**
 * Changes the caller's password and revokes every other session of theirs (their sockets are
 * cut at once); the session making the change stays signed in.
 */
export async function changePassword(
  context: Pick<AccountContext, 'db' | 'now' | 'loginThrottle'>,
  { credential, user }: Authentication,
  input: ChangePasswordInput,
  ip: string,
): Promise<void> {
  if (credential.kind !== 'session') throw new ForbiddenError();
  const decision = await context.loginThrottle.attempt(user.username, ip);
  if (!decision.allowed) throw new RateLimitedError(Math.ceil(decision.retryAfterMs / 1000));
  const row = await findUserById(context.db, user.id);
  if (!row || !(await verify(row.passwordHash, input.current_password))) {
    throw new BadRequestError(wrongCurrentPasswordMessage);
  }
  await context.loginThrottle.recordSuccess(user.username, ip);
  if (input.new_password === input.current_password) {
    throw new ValidationError(['The new password must differ from the current one']);
  }
  if (await isCommonPassword(input.new_password)) {
    throw new ValidationError([commonPasswordMessage]);
  }
  const passwordHash = await hashPassword(input.new_password);
  await context.db.transaction(async (tx) => {
    await updatePasswordHash(tx, user.id, passwordHash);
    await revokeOtherSessions(tx, user.id, credential.sessionId, context.now());
    await announceChange(tx, { topic: 'session', userId: user.id });
  });
}

/** Only an admin creates accounts: the product has no sign-up. */
export async function createUser(
  context: Pick<AccountContext, 'db'>,
  actor: AuthenticatedUser,
  input: CreateUserInput,
): Promise<User> {
  if (!actor.isAdmin) throw new ForbiddenError();
  if (await isCommonPassword(input.password)) {
    throw new ValidationError([commonPasswordMessage]);
  }
  const user = await insertUser(context.db, {
    username: input.username,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    isAdmin: false,
  });
  if (!user) throw new ConflictError('This username is already taken');
  return toUser(user);
}

/**
 * `GET /auth/session`: the signed-in user as the console needs them, their language included
 * (read with the session when it was; an API key's resolver does not).
 */
export async function sessionUser(
  context: Pick<AccountContext, 'db'>,
  { user, locale }: Pick<Authentication, 'user' | 'locale'>,
): Promise<SessionUser> {
  return {
    userId: user.id,
    username: user.username,
    email: user.email,
    isAdmin: user.isAdmin,
    locale: locale === undefined ? await findUserLocale(context.db, user.id) : locale,
  };
}

/** `PUT /auth/users/me`: the console's language, remembered for every browser the user signs in on. */
export async function updateMe(
  context: Pick<AccountContext, 'db'>,
  user: AuthenticatedUser,
  input: UpdateMeInput,
): Promise<SessionUser> {
  await updateUserLocale(context.db, user.id, input.locale);
  return sessionUser(context, { user, locale: input.locale });
}

export function toUser(user: UserRow): User {
  return {
    userId: user.id,
    username: user.username,
    email: user.email,
    isAdmin: user.isAdmin,
    createdAt: user.createdAt.toISOString(),
  };
}

export function toAuthenticatedUser(
  user: Pick<UserRow, 'id' | 'username' | 'email' | 'isAdmin'>,
): AuthenticatedUser {
  return { id: user.id, username: user.username, email: user.email, isAdmin: user.isAdmin };
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
