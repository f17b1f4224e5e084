import multipart from '@fastify/multipart';
import { templateMaxBytes } from '@meridian/domain/apps/app-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ValidationError } from '../../../platform/http/errors';
import { readMultipartForm } from '../../../platform/http/multipart-form';
import type { TemplateUpload } from '../apps-context';

/** A multipart form's text fields and its one template file (or Basic settings text field). */
export interface TemplateForm {
  fields: Record<string, string>;
  template: TemplateUpload;
}

/** Multipart parsing for the routes that take a template, with the template's size limits. */
export async function registerTemplateUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: templateMaxBytes, files: 1, fields: 20, fieldSize: templateMaxBytes },
  });
}

/** The template part, for the routes' OpenAPI request bodies. */
export const templateUpload = {
  name: 'template',
  description: `The template: a YAML file (Advanced, Heat) or the Basic settings as JSON text, at most ${templateMaxBytes / 1024} KiB`,
  required: true,
};

export async function readTemplateForm(request: FastifyRequest): Promise<TemplateForm> {
  const form = await readMultipartForm(
    request,
    `The template must be at most ${templateMaxBytes / 1024} KiB`,
  );
  const { template: templateField, ...fields } = form.fields;
  const file = form.file?.fieldname === 'template' ? form.file : undefined;
  return {
    fields,
    template: { text: file?.text ?? templateField, filename: file?.filename },
  };
}

/** The form's text fields checked by `schema`: a 400 with its messages otherwise. */
export function parseFields<T>(schema: z.ZodType<T>, fields: Record<string, string>): T {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new ValidationError(parsed.error.issues.map((issue) => issue.message));
  return parsed.data;
}
