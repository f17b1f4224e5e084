import { tooManyAttemptsMessage } from '@meridian/domain/errors';
/**
 * Errors the services throw. They speak the domain's language; the one error handler in
 * app.ts turns each into its HTTP status and the `{message, errors?}` body.
 */
export abstract class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: `messages` are the spec "Validation rules" messages shown beside the form fields. */
export class ValidationError extends DomainError {
  constructor(
    readonly messages: string[],
    message = 'Validation failed',
  ) {
    super(message);
  }
}

/** 400 without field messages: a request that cannot be read at all (e.g. JSON nested too deep). */
export class BadRequestError extends DomainError {}

/** 401: no credentials, or credentials that are wrong, expired or revoked. */
export class UnauthorizedError extends DomainError {
  constructor(message = 'Unauthorized') {
    super(message);
  }
}

/** 401 with `two_factor_required`: the password was right; the login wants a code too. */
export class TwoFactorRequiredError extends UnauthorizedError {}

/** 403: a known user asking for something their role does not allow. */
export class ForbiddenError extends DomainError {
  constructor(message = 'Forbidden') {
    super(message);
  }
}

/** 404: absent, or belonging to another user (never reveal another tenant's resource). */
export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super(message);
  }
}

/**
 * 409: the request clashes with the current state, e.g. a name already taken; `rolloutId` names
 * the rollout under way that it clashes with.
 */
export class ConflictError extends DomainError {
  constructor(
    message: string,
    readonly rolloutId?: string,
  ) {
    super(message);
  }
}

/**
 * 409 adding a name another account holds: the TXT record that proves control, which the
 * claim route then looks up (docs/domains.md).
 */
export class VerificationNeededError extends ConflictError {
  constructor(
    message: string,
    readonly verification: { type: 'TXT'; name: string; value: string },
  ) {
    super(message);
  }
}

/** 413: an upload or body larger than allowed. */
export class PayloadTooLargeError extends DomainError {
  constructor(message = 'Payload too large') {
    super(message);
  }
}

/**
 * 429: too many attempts; `retryAfterSeconds` becomes the Retry-After header and, unless a
 * sentence of the limit's own is given, the message.
 */
export class RateLimitedError extends DomainError {
  constructor(
    readonly retryAfterSeconds?: number,
    message?: string,
  ) {
    super(
      message ??
        (retryAfterSeconds
          ? tooManyAttemptsMessage(retryAfterSeconds)
          : 'Too many requests, please try again later'),
    );
  }
}

/**
 * 503: the server is busy with other heavy work (the CPU pool's queue is full, or a task passed
 * its deadline); `retryAfterSeconds` becomes the Retry-After header.
 */
export class ServiceBusyError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 5,
  ) {
    super(message);
  }
}
