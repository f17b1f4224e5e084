import secureJson from 'secure-json-parse';

/** Limits applied to every untrusted JSON text (request bodies, JSON form fields). */
export const jsonLimits = {
  /** Largest accepted text, in characters (the HTTP body limit is 1 MiB). */
  maxLength: 1024 * 1024,
  /** Deepest nesting of arrays and objects; no Meridian request goes past a handful. */
  maxDepth: 32,
} as const;

export const jsonMessages = {
  empty: 'The JSON text is empty',
  tooLarge: (maxLength: number) =>
    `The JSON text is too large; the limit is ${maxLength / 1024} KiB`,
  tooDeep: `The JSON text nests deeper than ${jsonLimits.maxDepth} levels`,
  invalid: 'The JSON text is not valid',
  prototypeKey: 'The JSON text uses a reserved key (__proto__ or constructor.prototype)',
} as const;

export type JsonParseResult = { ok: true; value: unknown } | { ok: false; error: string };

export interface JsonParseOptions {
  maxLength?: number;
  maxDepth?: number;
}

/** Nesting depth of a JSON text, counted in one pass outside strings; stops past `limit`. */
function depthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * The one parser of untrusted JSON: a size cap, a depth cap checked in linear time before
 * parsing, and prototype-poisoning keys refused (secure-json-parse, as Fastify itself uses).
 */
export function parseJsonSafely(text: string, options: JsonParseOptions = {}): JsonParseResult {
  const maxLength = options.maxLength ?? jsonLimits.maxLength;
  if (text.length > maxLength) return { ok: false, error: jsonMessages.tooLarge(maxLength) };
  if (text.trim() === '') return { ok: false, error: jsonMessages.empty };
  if (depthExceeds(text, options.maxDepth ?? jsonLimits.maxDepth)) {
    return { ok: false, error: jsonMessages.tooDeep };
  }
  try {
    return {
      ok: true,
      value: secureJson.parse(text, undefined, {
        protoAction: 'error',
        constructorAction: 'error',
      }) as unknown,
    };
  } catch (error) {
    const poisoned = error instanceof SyntaxError && /prototype/i.test(error.message);
    return { ok: false, error: poisoned ? jsonMessages.prototypeKey : jsonMessages.invalid };
  }
}
