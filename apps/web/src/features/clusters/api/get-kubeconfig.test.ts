import { describe, expect, it } from 'vitest';
import { decodeKubeconfig } from './get-kubeconfig';

const yaml = 'apiVersion: v1\nkind: Config\n# Montréal\n';
const encoded = btoa(String.fromCharCode(...new TextEncoder().encode(yaml)));

describe('decodeKubeconfig', () => {
  it('decodes the base64 answer, keeping UTF-8', () => {
    expect(decodeKubeconfig(encoded)).toBe(yaml);
    expect(decodeKubeconfig(` ${encoded}\n`)).toBe(yaml);
  });

  it('refuses an answer that is not base64', () => {
    expect(() => decodeKubeconfig('not base64!')).toThrow();
  });
});
