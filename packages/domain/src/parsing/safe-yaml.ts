import { isAlias, isCollection, isScalar, parseAllDocuments, visit, type Document } from 'yaml';

/** Limits applied to every uploaded (untrusted) YAML file. */
export const yamlLimits = {
  /**
   * Largest accepted upload, in characters (256 KiB; app templates are a few KiB). The yaml
   * parser runs at roughly 1 s per MiB here, and crafted invalid input is several times slower.
   */
  maxLength: 256 * 1024,
  /** Alias resolutions allowed per document; an alias bomb exceeds it at once. */
  maxAliasCount: 100,
  /** Deepest nesting of flow collections ([ and {) allowed. */
  maxFlowDepth: 16,
  /** Most compact block indicators ('- - x', '? ? x') allowed on one line. */
  maxIndicatorsPerLine: 8,
  /** Deepest indentation allowed, in columns: with the indicator cap it bounds block nesting. */
  maxIndentation: 256,
  /** Closing brackets with nothing open allowed (the parser reports each one, slowly). */
  maxStrayClosers: 256,
  /** Documents allowed in one file ('---' lines). */
  maxDocuments: 1000,
  /** Errors reported at most (a broken file may produce one per character). */
  maxErrors: 20,
} as const;

function tooLargeMessage(maxLength: number): string {
  return `The file is too large; the limit is ${maxLength / 1024} KiB`;
}

/** Messages of the YAML checks, shared by the Kubernetes and Heat templates. */
export const yamlMessages = {
  empty: 'The file is empty',
  tooLarge: tooLargeMessage(yamlLimits.maxLength),
  aliases: 'uses too many YAML aliases',
  tooDeep: 'The file nests its content too deeply',
  complexKey: 'uses a list or a mapping as a key, which is not supported',
  duplicateKey: (key: string) => `has the key ${key} twice in one mapping`,
  mergeKey: 'uses a YAML merge key (<<), which is not supported',
  anchors: 'uses YAML anchors or aliases (& or *), which are not allowed here',
  unbalanced: 'The file closes more brackets than it opens',
  tooManyDocuments: `The file has more than ${yamlLimits.maxDocuments} documents`,
} as const;

function isSpace(character: string | undefined): boolean {
  return character === ' ' || character === '\t';
}

/**
 * A linear pre-scan refusing pathological shapes before the parser sees them: the yaml parser
 * takes seconds (or runs out of memory) on a few kilobytes of '- - - …', '? ? ? …', deeply nested
 * '[[[…' or deep indentation ladders, and reports every stray '}' or empty document one by one.
 * Brackets are counted even inside strings, so the check can only over-count.
 */
function shapeProblem(text: string): string | undefined {
  let flowDepth = 0;
  let strayClosers = 0;
  let documents = 0;
  let lineStart = true;
  let column = 0;
  let indicators = 0;
  for (let i = 0; i < text.length; i++) {
    const character = text[i]!;
    if (character === '\n') {
      lineStart = true;
      column = 0;
      indicators = 0;
      continue;
    }
    if (lineStart) {
      if (isSpace(character)) {
        column += 1;
        if (column > yamlLimits.maxIndentation) return yamlMessages.tooDeep;
        continue;
      }
      if (column === 0 && text.startsWith('---', i)) {
        documents += 1;
        if (documents > yamlLimits.maxDocuments) return yamlMessages.tooManyDocuments;
      }
      if (
        (character === '-' || character === '?' || character === ':') &&
        (isSpace(text[i + 1]) || text[i + 1] === '\n' || i + 1 === text.length)
      ) {
        indicators += 1;
        if (indicators > yamlLimits.maxIndicatorsPerLine) return yamlMessages.tooDeep;
        continue;
      }
      lineStart = false;
    }
    if (character === '[' || character === '{') {
      flowDepth += 1;
      if (flowDepth > yamlLimits.maxFlowDepth) return yamlMessages.tooDeep;
    } else if (character === ']' || character === '}') {
      if (flowDepth > 0) flowDepth -= 1;
      else if (++strayClosers > yamlLimits.maxStrayClosers) return yamlMessages.unbalanced;
    }
  }
  return undefined;
}

/**
 * Node problems, found in linear time: a list or mapping used as a key (toJS would stringify it,
 * at a cost that explodes with depth), duplicate keys (the parser's own check is quadratic),
 * merge keys (other YAML readers apply them, so what we check would not be what they see) and,
 * where refused, anchors and aliases.
 */
function nodeProblem(document: Document, refuseAnchors: boolean): string | undefined {
  let problem: string | undefined;
  const refuse = (message: string) => {
    problem = message;
    return visit.BREAK;
  };
  visit(document, {
    Alias() {
      return refuseAnchors ? refuse(yamlMessages.anchors) : undefined;
    },
    Node(_, node) {
      return refuseAnchors && node.anchor ? refuse(yamlMessages.anchors) : undefined;
    },
    Map(_, map) {
      if (refuseAnchors && map.anchor) return refuse(yamlMessages.anchors);
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (isCollection(pair.key) || isAlias(pair.key)) return refuse(yamlMessages.complexKey);
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (key === '<<') return refuse(yamlMessages.mergeKey);
        if (seen.has(key)) return refuse(yamlMessages.duplicateKey(String(key)));
        seen.add(key);
      }
      return undefined;
    },
  });
  return problem;
}

type ErrorWithLimit = { stackTraceLimit?: number };

/** Parser errors need no stack traces; capturing thousands of them dominates on crafted input. */
function withoutStackTraces<T>(run: () => T): T {
  const errorClass = Error as ErrorWithLimit;
  const previous = errorClass.stackTraceLimit;
  errorClass.stackTraceLimit = 0;
  try {
    return run();
  } finally {
    errorClass.stackTraceLimit = previous;
  }
}

export interface YamlDocument {
  /** 1-based position of the document in the file. */
  number: number;
  /** The document as plain data (objects, arrays, strings, numbers, booleans, null). */
  value: unknown;
}

export type YamlParseResult =
  { ok: true; documents: YamlDocument[] } | { ok: false; errors: string[] };

/** ' at line L, column C' of an offset (1-based). */
function position(text: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return ` at line ${line}, column ${offset - lineStart + 1}`;
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.trim();
}

export interface YamlParseOptions {
  /** Largest accepted text, in characters (default `yamlLimits.maxLength`). */
  maxLength?: number;
  /** Refuse every anchor and alias (kubeconfigs: other readers resolve them differently). */
  refuseAnchors?: boolean;
}

/**
 * The one parser of untrusted YAML: a size cap, a linear shape pre-scan, a small alias budget
 * (billion laughs is refused before it expands), no merge keys, no custom tags beyond the core
 * schema. Empty documents are skipped; errors name the document.
 */
export function parseYamlSafely(text: string, options: YamlParseOptions = {}): YamlParseResult {
  const maxLength = options.maxLength ?? yamlLimits.maxLength;
  if (text.length > maxLength) return { ok: false, errors: [tooLargeMessage(maxLength)] };
  if (text.trim() === '') return { ok: false, errors: [yamlMessages.empty] };
  const shape = shapeProblem(text);
  if (shape) return { ok: false, errors: [shape] };

  const errors: string[] = [];
  const documents: YamlDocument[] = [];
  let parsed;
  try {
    parsed = withoutStackTraces(() =>
      parseAllDocuments(text, {
        schema: 'core',
        merge: false,
        uniqueKeys: false, // checked in linear time by nodeProblem
        prettyErrors: false, // positions are added to the few reported errors only
        customTags: [],
      }),
    );
  } catch (error) {
    return { ok: false, errors: [`The file is not valid YAML: ${firstLine(String(error))}`] };
  }
  parsed.forEach((document, index) => {
    const number = index + 1;
    if (errors.length >= yamlLimits.maxErrors) return;
    if (document.errors.length > 0) {
      for (const error of document.errors.slice(0, yamlLimits.maxErrors)) {
        errors.push(
          `Document ${number}: ${firstLine(error.message)}${position(text, error.pos[0])}`,
        );
      }
      return;
    }
    if (document.contents === null) return;
    try {
      const problem = nodeProblem(document, options.refuseAnchors ?? false);
      if (problem) {
        errors.push(`Document ${number}: ${problem}`);
        return;
      }
      const value: unknown = document.toJS({ maxAliasCount: yamlLimits.maxAliasCount });
      if (value === null || value === undefined) return;
      documents.push({ number, value });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      errors.push(
        /excessive alias count/i.test(message)
          ? `Document ${number}: ${yamlMessages.aliases}`
          : `Document ${number}: ${firstLine(message)}`,
      );
    }
  });
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, yamlLimits.maxErrors) };
  if (documents.length === 0) return { ok: false, errors: [yamlMessages.empty] };
  return { ok: true, documents };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
