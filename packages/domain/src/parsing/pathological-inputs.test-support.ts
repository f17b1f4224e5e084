/**
 * Texts that have made YAML or JSON parsers hang, run out of memory or abort the process: every
 * parser of user text must answer each with a plain refusal, quickly. Shared by the parsers' unit
 * tests and the reliability suite, which sends them to every route that accepts a file or JSON.
 */
export interface PathologicalInput {
  name: string;
  text: string;
}

const lines = (count: number, line: (index: number) => string) =>
  Array.from({ length: count }, (_, index) => line(index)).join('\n');

/** Alias fan-out: each level refers to the previous one nine times (billion laughs). */
function aliasFanOut(levels: number): string {
  const out = ['a0: &a0 [x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i <= levels; i++) {
    out.push(
      `a${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  }
  return out.join('\n');
}

export const pathologicalYaml: readonly PathologicalInput[] = [
  { name: 'dash ladder of 2,000 on one line', text: `${'- '.repeat(2_000)}x` },
  { name: 'dash ladder of 20,000 on one line', text: `${'- '.repeat(20_000)}x` },
  { name: 'question ladder of 2,000', text: `${'? '.repeat(2_000)}x` },
  { name: 'question ladder of 20,000', text: `${'? '.repeat(20_000)}x` },
  { name: 'dash ladder over 2,000 lines', text: `${lines(2_000, (i) => `${' '.repeat(i)}-`)} x` },
  { name: 'mapping ladder over 600 lines', text: `${lines(600, (i) => `${' '.repeat(i)}k:`)} x` },
  { name: 'flow nesting of 20,000', text: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
  { name: 'flow mapping nesting', text: `${'{a: '.repeat(5_000)}1${'}'.repeat(5_000)}` },
  { name: 'closing braces x 256K', text: '}'.repeat(256 * 1024) },
  { name: 'closing brackets x 100K', text: ']'.repeat(100 * 1024) },
  { name: 'alias fan-out', text: aliasFanOut(12) },
  { name: 'merge key smuggling exec', text: mergeKeyExec('/bin/true') },
  { name: '200 KB scalar', text: `a: ${'x'.repeat(200 * 1024)}` },
  { name: '60,000 empty documents', text: '---\n'.repeat(60_000) },
  { name: 'unterminated quotes', text: '"'.repeat(200_000) },
  { name: 'tabs as indentation', text: `${'\t'.repeat(100_000)}x` },
  { name: 'deep JSON inside YAML', text: `${'['.repeat(50_000)}${']'.repeat(50_000)}` },
];

export const pathologicalJson: readonly PathologicalInput[] = [
  { name: 'deep arrays', text: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
  { name: 'deep objects', text: `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}` },
  { name: 'prototype pollution', text: '{"__proto__":{"isAdmin":true},"name":"x"}' },
  { name: 'constructor pollution', text: '{"constructor":{"prototype":{"isAdmin":true}}}' },
  { name: 'unterminated string', text: `{"name":"${'x'.repeat(200_000)}` },
  { name: 'huge array', text: `[${Array(100_000).fill('"x"').join(',')}]` },
  { name: 'NUL bytes', text: '{"name":"a\\u0000b"}' },
];

/**
 * A kubeconfig whose user takes its fields from an anchored mapping through a merge key: a
 * reader that applies merge keys sees `exec` and would run `command`.
 */
export function mergeKeyExec(command: string, args: readonly string[] = []): string {
  return [
    'apiVersion: v1',
    'kind: Config',
    `x: &t {exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: ${JSON.stringify(command)}, args: ${JSON.stringify(args)}}}`,
    'clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]',
    'users: [{name: u, user: {<<: *t}}]',
    'contexts: [{name: k, context: {cluster: c, user: u}}]',
    'current-context: k',
  ].join('\n');
}
