import { isApiError } from '../../../shared/api/api-error';
import { notify } from '../../../shared/notifications/notify';
import { t } from '../organizations.texts';

/** A refusal in words (the last owner, a role too low, still owning apps) as the server says it. */
export function notifyFailure(title: string, error: unknown): void {
  const said = isApiError(error) && error.status >= 400 && error.status < 500;
  notify.error(title, said ? [error.message, ...error.errors].join(' ') : t('error.tryAgain'));
}
