import type { ReactNode } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { t } from '../apps.texts';

/**
 * The description under a failed action's notice: the server's reasons when it gave some (a 400
 * lists them, a 409 says what is in the way), else the spec's 'try again or contact support'.
 */
export function errorDescription(error: unknown): ReactNode {
  if (isApiError(error)) {
    if (error.errors.length > 1) {
      // Spec "The error catalogue": a deployment error lists each string of the errors array.
      return (
        <ul>
          {error.errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      );
    }
    if (error.errors.length === 1) return error.errors[0];
    if ([400, 404, 409, 413].includes(error.status)) return error.message;
  }
  return t('apps.detail.tryAgain');
}
