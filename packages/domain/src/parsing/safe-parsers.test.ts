import { describe, expect, it } from 'vitest';
import { parseKubeconfig } from '../clusters/kubeconfig';
import { jsonMessages, parseJsonSafely } from './safe-json';
import { parseYamlSafely, yamlMessages } from './safe-yaml';
import { pathologicalJson, pathologicalYaml } from './pathological-inputs.test-support';

describe('the bounded parsers refuse every pathological input with a plain sentence', () => {
  it.each(pathologicalYaml)('YAML: $name', ({ text }) => {
    const result = parseYamlSafely(text);
    if (result.ok) {
      // Only harmless shapes may pass: plain data, no expansion.
      expect(JSON.stringify(result.documents).length).toBeLessThan(text.length * 2);
      return;
    }
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.errors.length).toBeLessThanOrEqual(20);
    for (const error of result.errors) expect(error.length).toBeLessThan(300);
  });

  it.each(pathologicalYaml)('kubeconfig: $name', ({ text }) => {
    const result = parseKubeconfig(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatch(/^The kubeconfig /);
      expect(result.error.length).toBeLessThan(300);
    }
  });

  it.each(pathologicalJson)('JSON: $name', ({ name, text }) => {
    const result = parseJsonSafely(text);
    if (name === 'huge array' || name === 'NUL bytes') {
      // Shallow data within the size cap is the schemas' business, not the parser's.
      expect(result.ok).toBe(true);
      return;
    }
    expect(result.ok).toBe(false);
  });
});

describe('parseYamlSafely', () => {
  it('refuses merge keys, which other readers would apply', () => {
    const result = parseYamlSafely('a: &a {x: 1}\nb:\n  <<: *a\n');
    expect(result).toEqual({ ok: false, errors: [`Document 1: ${yamlMessages.mergeKey}`] });
  });

  it('refuses anchors and aliases when asked to', () => {
    expect(parseYamlSafely('a: &a 1\nb: 2\n', { refuseAnchors: true })).toEqual({
      ok: false,
      errors: [`Document 1: ${yamlMessages.anchors}`],
    });
    expect(parseYamlSafely('a: &a [1]\nb: *a\n', { refuseAnchors: true }).ok).toBe(false);
    expect(parseYamlSafely('a: &a [1]\nb: *a\n').ok).toBe(true);
  });

  it('applies a smaller size cap when given one', () => {
    expect(parseYamlSafely(`a: ${'x'.repeat(2048)}`, { maxLength: 1024 })).toEqual({
      ok: false,
      errors: ['The file is too large; the limit is 1 KiB'],
    });
  });

  it('still reads ordinary nesting and indentation', () => {
    const text = 'a:\n  b:\n    - c: [1, {d: 2}]\n      e: "}"\n';
    expect(parseYamlSafely(text)).toEqual({
      ok: true,
      documents: [{ number: 1, value: { a: { b: [{ c: [1, { d: 2 }], e: '}' }] } } }],
    });
  });
});

describe('parseJsonSafely', () => {
  it('reads ordinary JSON and counts depth outside strings only', () => {
    expect(parseJsonSafely('{"a":[1,{"b":"[[[[{{{{"}]}')).toEqual({
      ok: true,
      value: { a: [1, { b: '[[[[{{{{' }] },
    });
  });

  it('refuses depth, size, emptiness, prototype keys and syntax with a sentence each', () => {
    expect(parseJsonSafely('['.repeat(33) + ']'.repeat(33))).toEqual({
      ok: false,
      error: jsonMessages.tooDeep,
    });
    expect(parseJsonSafely('[1]', { maxLength: 2 })).toEqual({
      ok: false,
      error: jsonMessages.tooLarge(2),
    });
    expect(parseJsonSafely('  ')).toEqual({ ok: false, error: jsonMessages.empty });
    expect(parseJsonSafely('{"__proto__":{"x":1}}')).toEqual({
      ok: false,
      error: jsonMessages.prototypeKey,
    });
    expect(parseJsonSafely('{"a":')).toEqual({ ok: false, error: jsonMessages.invalid });
  });
});
