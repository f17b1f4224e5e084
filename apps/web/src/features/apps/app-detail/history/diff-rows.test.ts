import { createTwoFilesPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { sideBySideRows } from './diff-rows';

describe('sideBySideRows', () => {
  it('pairs removed lines with the added lines after them and numbers both sides', () => {
    const before = 'kind: Deployment\nreplicas: 2\nimage: nginx:1.27\nport: 80\n';
    const after = 'kind: Deployment\nreplicas: 4\nimage: nginx:1.28\nport: 80\nextra: true\n';
    const rows = sideBySideRows(createTwoFilesPatch('a.yaml', 'a.yaml', before, after, 'v1', 'v2'));
    expect(rows[0]).toMatchObject({ kind: 'hunk', header: '@@ -1,4 +1,5 @@' });
    expect(rows.slice(1)).toEqual([
      {
        kind: 'same',
        left: { number: 1, text: 'kind: Deployment', removed: false },
        right: { number: 1, text: 'kind: Deployment', added: false },
      },
      {
        kind: 'changed',
        left: { number: 2, text: 'replicas: 2', removed: true },
        right: { number: 2, text: 'replicas: 4', added: true },
      },
      {
        kind: 'changed',
        left: { number: 3, text: 'image: nginx:1.27', removed: true },
        right: { number: 3, text: 'image: nginx:1.28', added: true },
      },
      {
        kind: 'same',
        left: { number: 4, text: 'port: 80', removed: false },
        right: { number: 4, text: 'port: 80', added: false },
      },
      { kind: 'changed', right: { number: 5, text: 'extra: true', added: true } },
    ]);
  });

  it('shows nothing for identical templates', () => {
    expect(sideBySideRows(createTwoFilesPatch('a', 'a', 'x\n', 'x\n'))).toEqual([]);
  });
});
