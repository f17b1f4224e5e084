import { describe, expect, it } from 'vitest';
import { decodeKubeconfig } from './get-kubeconfig';

const yaml = 'apiVersion: v1\nkind: Config\n# Montréal\n';
const encoded = btoa(String.fromCharCode(...new TextEncoder().encode(yaml)));

describe('decodeKubeconfig', () => {
  it('decodes a bare base64 string and the {kubeconfig} shape, keeping UTF-8', () => {
    expect(decodeKubeconfig(encoded)).toBe(yaml);
    expect(decodeKubeconfig({ kubeconfig: encoded })).toBe(yaml);
  });

  it('refuses an answer without a kubeconfig', () => {
    expect(() => decodeKubeconfig({})).toThrow();
  });
});
