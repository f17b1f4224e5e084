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

/** Master files (zone import) built to hang, blow up or confuse a line-aware reader. */
export const pathologicalZoneFiles: readonly PathologicalInput[] = [
  { name: 'quote never closed after 200 KB', text: `a IN TXT "${'x'.repeat(200 * 1024)}` },
  { name: 'opening parentheses x 100K', text: `a IN A ${'('.repeat(100_000)}` },
  { name: 'closing parentheses x 100K', text: ')'.repeat(100_000) },
  { name: 'one 250 KB token', text: 'x'.repeat(250 * 1024) },
  { name: '20,000 empty lines', text: '\n'.repeat(20_000) },
  { name: '6,000 records', text: lines(6_000, (i) => `h${i} IN A 192.0.2.1`) },
  { name: '9,000 bad lines', text: lines(9_000, (i) => `h${i} IN SRV x`) },
  { name: 'backslash at the end', text: 'a IN TXT \\' },
  { name: 'decimal escapes', text: `a IN TXT "${'\\255\\000'.repeat(10_000)}"` },
  { name: '$INCLUDE of a local file', text: '$INCLUDE /etc/passwd' },
  { name: '$ORIGIN elsewhere', text: '$ORIGIN example.org.\nwww IN A 192.0.2.1' },
  { name: 'TTL past 2^53', text: `a ${'9'.repeat(400)} IN A 192.0.2.1` },
  { name: 'TTL units x 50K', text: `a ${'1w'.repeat(50_000)} IN A 192.0.2.1` },
  { name: 'owner 100K labels', text: `${'a.'.repeat(100_000)} IN A 192.0.2.1` },
  { name: 'CR only line ends', text: 'a IN A 192.0.2.1\r'.repeat(10_000) },
  { name: 'NUL and control bytes', text: 'a\u0000 IN A 192.0.2.1\n\u0001\u0002 IN TXT "\u0000"' },
  { name: 'a continuation with no owner', text: '  IN A 192.0.2.1' },
  { name: '__proto__ owner', text: '__proto__ IN TXT constructor' },
  { name: 'just over the size limit', text: `;${'x'.repeat(256 * 1024)}` },
];
