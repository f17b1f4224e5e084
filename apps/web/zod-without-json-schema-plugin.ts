import type { Plugin } from 'vite';

const stubId = '\0zod-without-json-schema';

/**
 * zod's classic schemas import its JSON Schema generator (`toJSONSchema`, the Standard Schema
 * `jsonSchema` methods) for every schema, about 6 KB gzip on every signed-in page. The console
 * only parses; JSON Schema is the server's (its OpenAPI document). In the console's build those
 * two modules are a stub that says so if ever called.
 */
export function zodWithoutJsonSchemaPlugin(): Plugin {
  return {
    name: 'meridian:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/.test(importer)) return null;
      if (/core[\\/](json-schema-processors|to-json-schema)\.js$/.test(source)) return stubId;
      return null;
    },
    load(id) {
      if (id !== stubId) return null;
      return `function unavailable() {
  throw new Error('The console is built without zod JSON Schema generation.');
}
export const createStandardJSONSchemaMethod = () => unavailable;
export const createToJSONSchemaMethod = () => unavailable;`;
    },
  };
}
