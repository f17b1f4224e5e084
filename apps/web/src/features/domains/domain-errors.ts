import { isApiError } from '../../shared/api/api-error';
import { t } from './domains.texts';

/**
 * The description under a failed domain or DNS action: the server's reasons when it gave some
 * (a 400 lists them, a 409 says what is in the way), else 'try again or contact support'.
 */
export function domainErrorDescription(error: unknown): string {
  if (isApiError(error)) {
    if (error.errors.length > 0) return error.errors.join(' ');
    if ([400, 404, 409].includes(error.status)) return error.message;
  }
  return t('domains.tryAgain');
}

/** Spec "The error catalogue": domain creation failure takes its description from the server's `message`. */
export function serverMessage(error: unknown): string {
  if (isApiError(error) && error.status !== 0 && error.message) {
    return error.errors.length > 0 ? `${error.message} ${error.errors.join(' ')}` : error.message;
  }
  return t('domains.tryAgain');
}
