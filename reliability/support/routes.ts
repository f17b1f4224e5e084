import { randomUUID } from 'node:crypto';

/** An operation of the OpenAPI document that takes a JSON body. */
export interface JsonOperation {
  method: string;
  /** The path with every parameter filled with a fresh uuid. */
  path: string;
  /** The top-level properties of its body schema. */
  properties: string[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

interface OpenApiOperation {
  requestBody?: {
    content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
  };
}

/**
 * Every operation taking JSON, read from the server's own OpenAPI document (never a hand list,
 * so a new route is attacked the day it exists).
 */
export async function jsonOperations(baseUrl: string): Promise<JsonOperation[]> {
  const document = (await (await fetch(`${baseUrl}/docs/json`)).json()) as OpenApiDocument;
  const operations: JsonOperation[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const body = operation.requestBody?.content?.['application/json'];
      if (!body) continue;
      operations.push({
        method: method.toUpperCase(),
        path: template.replace(/\{[^}]+\}/g, () => randomUUID()),
        properties: Object.keys(body.schema?.properties ?? {}),
      });
    }
  }
  return operations;
}
