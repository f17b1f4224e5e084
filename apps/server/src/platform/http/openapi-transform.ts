import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * What a multipart route reads, for its OpenAPI request body: its text fields (the zod schema it
 * parses them with) and the part that may carry an uploaded file. Fastify never validates a
 * multipart body itself, so this only documents it.
 */
export interface MultipartBodyDoc {
  fields: z.ZodType;
  /** The field that may be a file upload instead of text. */
  file?: { name: string; description: string; required?: boolean };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A multipart route's fields, shown as its request body at /docs. */
    multipartBody?: MultipartBodyDoc;
  }
}

function multipartBodySchema({ fields, file }: MultipartBodyDoc): Record<string, unknown> {
  const schema = z.toJSONSchema(fields, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
    required?: string[];
    [key: string]: unknown;
  };
  if (!file) return schema;
  return {
    ...schema,
    properties: {
      ...schema.properties,
      [file.name]: { type: 'string', format: 'binary', description: file.description },
    },
    required: [
      ...(schema.required ?? []).filter((name) => name !== file.name),
      ...(file.required ? [file.name] : []),
    ],
  };
}

/**
 * A stable operationId from the method and path, for generated clients' method names:
 * `GET /cluster/clusters/:id/config` → `getClusterClustersByIdConfig`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by_${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  return method.toLowerCase() + words.join('');
}

/** The zod transform of every route, its operationId, and the request body of multipart ones. */
export const openApiTransform: SwaggerTransform = (args) => {
  const result = jsonSchemaTransform(args as Parameters<typeof jsonSchemaTransform>[0]);
  const method = [args.route.method].flat()[0] ?? 'get';
  const schema: Record<string, unknown> = {
    operationId: operationIdOf(method, args.url),
    ...result.schema,
  };
  const docs = args.route.config?.multipartBody;
  if (docs) schema.body = multipartBodySchema(docs);
  // The least organisation role the route needs (http/acting-account.ts; docs/organizations.md).
  const role = args.route.config?.role;
  if (role) schema['x-meridian-role'] = role;
  return { ...result, schema };
};
