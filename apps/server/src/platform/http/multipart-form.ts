import type { FastifyRequest } from 'fastify';
import { PayloadTooLargeError, ValidationError } from './errors';

/** A multipart form read whole: its text fields and, at most, one uploaded text file. */
export interface MultipartForm {
  fields: Record<string, string>;
  file: { fieldname: string; text: string; filename: string | undefined } | undefined;
}

export const multipartMessages = {
  notMultipart: 'The request must be multipart/form-data',
  malformed: 'Malformed upload: the multipart body could not be read',
  binary: 'The uploaded file must be a text file',
} as const;

const tooLargeCodes = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FIELD_SIZE_LIMIT']);

/**
 * Reads every part of a multipart request: an oversized file or field is a 413 with
 * `tooLargeMessage`, any other broken body (no boundary, cut short, too many parts) a 400, never
 * a 500; a file with NUL bytes is refused as not text (it could not be stored as text anyway).
 */
export async function readMultipartForm(
  request: FastifyRequest,
  tooLargeMessage: string,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new ValidationError([multipartMessages.notMultipart]);
  const form: MultipartForm = { fields: {}, file: undefined };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        form.file ??= {
          fieldname: part.fieldname,
          text: content.toString('utf8'),
          filename: part.filename || undefined,
        };
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && tooLargeCodes.has(code)) {
      throw new PayloadTooLargeError(tooLargeMessage);
    }
    throw new ValidationError([multipartMessages.malformed], 'Malformed upload');
  }
  if (form.file?.text.includes('\u0000')) throw new ValidationError([multipartMessages.binary]);
  return form;
}
