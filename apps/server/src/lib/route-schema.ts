import { errorBodySchema } from '@meridian/domain/errors';

/**
 * Pieces of route schemas every module repeats: who may call (for OpenAPI), the error answers,
 * the 404 message of a malformed id, and the download header.
 */

/** `app.authenticate` takes a console session or an API key, each with x-user-id. */
export const sessionOrApiKey: Record<string, string[]>[] = [
  { bearerAuth: [], userId: [] },
  { apiKeyAuth: [], userId: [] },
];

/** Routes behind `requireSession`: a console session only. */
export const sessionOnly: Record<string, string[]>[] = [{ bearerAuth: [], userId: [] }];

/** The answers a state-changing route may give besides 200 (architecture §3). */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** A path id that is not a uuid names nothing the user owns. */
export const notFoundId = { error: 'Not found' };

/** `content-disposition` for a download, with the characters that would break the header replaced. */
export function attachmentDisposition(filename: string): string {
  return `attachment; filename="${filename.replace(/["\\\r\n]/g, '_')}"`;
}
