import { errorBodySchema } from '@meridian/domain/errors';

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

  /** The error body's message and reasons; a body of another shape (a proxy's page) gives its text. */
  static fromBody(status: number, body: unknown, fallback: string): ApiError {
    const parsed = errorBodySchema.safeParse(body);
    if (parsed.success) {
      return new ApiError(status, parsed.data.message || fallback, parsed.data.errors ?? []);
    }
    return new ApiError(status, typeof body === 'string' && body ? body : fallback);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
