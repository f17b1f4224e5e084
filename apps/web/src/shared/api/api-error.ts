import type { ErrorBody } from '@meridian/domain/errors';

/** A failed call: the HTTP status (0 when the network failed) and the control plane's error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: string[];

  constructor(status: number, message: string, errors: string[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }

  static fromBody(status: number, body: unknown, fallback: string): ApiError {
    if (typeof body === 'object' && body !== null) {
      const { message, errors } = body as Partial<ErrorBody>;
      return new ApiError(
        status,
        typeof message === 'string' && message ? message : fallback,
        Array.isArray(errors) ? errors.filter((e): e is string => typeof e === 'string') : [],
      );
    }
    return new ApiError(status, typeof body === 'string' && body ? body : fallback);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
