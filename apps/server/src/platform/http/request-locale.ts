import { pickLocale, type Locale } from '@meridian/domain/i18n/locale';
import { localizeMessage } from '@meridian/domain/i18n/localize-message';
import type { ErrorBody } from '@meridian/domain/errors';
import Negotiator from 'negotiator';
import type { FastifyRequest } from 'fastify';

/** The caller's language by `Accept-Language` (q-values weighed); English when it names neither. */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>): Locale {
  return pickLocale(new Negotiator(request).languages()) ?? 'en';
}

/** An error answer in the caller's language (issue 40); the spec's English stays for everyone else. */
export function localizedErrorBody(body: ErrorBody, locale: Locale): ErrorBody {
  if (locale === 'en') return body;
  return {
    ...body,
    message: localizeMessage(body.message, locale),
    ...(body.errors && { errors: body.errors.map((message) => localizeMessage(message, locale)) }),
  };
}
