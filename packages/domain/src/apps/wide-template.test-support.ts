import { sampleKubernetesTemplate } from './sample-templates';

/**
 * An Advanced template with a ConfigMap of `lines` entries, each ending in `value`: two of them
 * with different values differ on every entry line, the version diff's worst case (issue 33:
 * 8,000 differing lines, about 90 KB each, took 15 s on the event loop).
 */
export function wideTemplate(value: string, lines = 8_000): string {
  return (
    [
      sampleKubernetesTemplate.trimEnd(),
      '---',
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: {name: settings}',
      'data:',
      ...Array.from({ length: lines }, (_, i) => `  k${i}: ${value}${i}`),
    ].join('\n') + '\n'
  );
}
