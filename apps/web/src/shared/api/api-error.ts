import { errorBodySchema } from '@meridian/domain/errors';

/** A failed call: the HTTP status (0 when the network failed) and the control plane's error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: string[];
  /** A login's 401 when the password was right and a code from the authenticator app is wanted. */
  readonly twoFactorRequired: boolean;
  /** A 409 adding a domain another account holds: the TXT record that would prove control. */
  verification: { type: 'TXT'; name: string; value: string } | undefined;

  constructor(status: number, message: string, errors: string[] = [], twoFactorRequired = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.twoFactorRequired = twoFactorRequired;
    this.verification = undefined;
  }

  /** The error body's message and reasons; a body of another shape (a proxy's page) gives its text. */
  static fromBody(status: number, body: unknown, fallback: string): ApiError {
    const parsed = errorBodySchema.safeParse(body);
    if (parsed.success) {
      const { message, errors = [], two_factor_required, verification } = parsed.data;
      const error = new ApiError(status, message || fallback, errors, two_factor_required === true);
      error.verification = verification;
      return error;
    }
    return new ApiError(status, typeof body === 'string' && body ? body : fallback);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
