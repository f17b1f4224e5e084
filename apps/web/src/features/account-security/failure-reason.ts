import { isApiError } from '../../shared/api/api-error';

/** The server's sentence for a refusal it explained (400, 409, 429); otherwise a retry hint. */
export function failureReason(error: unknown, tryAgain: string): string {
  if (isApiError(error) && [400, 409, 429].includes(error.status)) {
    return error.errors.length > 0 ? error.errors.join(' ') : error.message;
  }
  return tryAgain;
}
