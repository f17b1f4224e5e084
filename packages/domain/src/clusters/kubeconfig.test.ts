import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { mergeKeyExec } from '../parsing/pathological-inputs.test-support';
import { kubeconfigMessages, parseKubeconfig } from './kubeconfig';

function kubeconfig(user: Record<string, unknown>, cluster: Record<string, unknown> = {}): string {
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'edge', cluster: { server: 'https://10.0.0.1:6443/', ...cluster } }],
    users: [{ name: 'admin', user }],
    contexts: [{ name: 'edge', context: { cluster: 'edge', user: 'admin', namespace: 'web' } }],
    'current-context': 'edge',
  });
}

function errorOf(text: string): string {
  const result = parseKubeconfig(text);
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
}

describe('parseKubeconfig', () => {
  it('resolves the current context to its server and inline credentials', () => {
    expect(parseKubeconfig(kubeconfig({ token: 'abc' }, { 'tls-server-name': 'k8s' }))).toEqual({
      ok: true,
      value: {
        contextName: 'edge',
        clusterName: 'edge',
        userName: 'admin',
        server: 'https://10.0.0.1:6443',
        certificateAuthorityData: undefined,
        tlsServerName: 'k8s',
        insecureSkipTlsVerify: false,
        token: 'abc',
        clientCertificateData: undefined,
        clientKeyData: undefined,
        namespace: 'web',
      },
    });
  });

  it('reads a kubeconfig written as JSON', () => {
    const json = JSON.stringify({
      clusters: [{ name: 'c', cluster: { server: 'http://127.0.0.1:8001' } }],
      users: [{ name: 'u', user: { token: 't' } }],
      contexts: [{ name: 'x', context: { cluster: 'c', user: 'u' } }],
    });
    const result = parseKubeconfig(json);
    expect(result.ok && result.value.server).toBe('http://127.0.0.1:8001');
  });

  it('refuses the merge-key variant that smuggles exec past a reader without merge keys', () => {
    expect(errorOf(mergeKeyExec('/bin/sh', ['-c', 'touch /tmp/x']))).toMatch(
      /The kubeconfig uses YAML anchors or aliases/,
    );
  });

  it('refuses anchors and aliases anywhere', () => {
    const anchored = kubeconfig({ token: 'abc' }).replace('token: abc', 'token: &t abc');
    expect(errorOf(anchored)).toMatch(/anchors or aliases/);
    const aliased = `${anchored}\nextra: *t\n`;
    expect(errorOf(aliased)).toMatch(/anchors or aliases/);
  });

  it.each([
    ['exec', { exec: { command: 'sh' } }],
    ['Exec', { Exec: { command: 'sh' } }],
    ['EXEC', { EXEC: { command: 'sh' } }],
    ['exec in an escaped key', null],
    ['auth-provider', { 'auth-provider': { name: 'gcp' } }],
    ['authProvider', { authProvider: { name: 'oidc' } }],
  ])('refuses %s as a plugin', (_field, user) => {
    const text =
      user ?? kubeconfig({ token: 'x' }).replace('token: x', '"\\x65xec": {command: sh}');
    const message = errorOf(typeof text === 'string' ? text : kubeconfig(text));
    expect(message).toMatch(/runs programs or plugins/);
    expect(message).not.toMatch(/undefined/);
  });

  it.each(['tokenFile', 'token-file', 'client-certificate', 'client-key'])(
    'refuses the local file field %s',
    (field) => {
      expect(errorOf(kubeconfig({ [field]: '/etc/passwd' }))).toBe(
        kubeconfigMessages.localFile('user "admin"', field),
      );
    },
  );

  it('refuses proxies, file CAs, impersonation and basic auth', () => {
    expect(errorOf(kubeconfig({ token: 'a' }, { 'proxy-url': 'http://p:3128' }))).toBe(
      kubeconfigMessages.unsupported('cluster "edge"', 'proxy-url'),
    );
    expect(errorOf(kubeconfig({ token: 'a' }, { 'certificate-authority': '/ca.pem' }))).toBe(
      kubeconfigMessages.localFile('cluster "edge"', 'certificate-authority'),
    );
    expect(errorOf(kubeconfig({ token: 'a', as: 'root' }))).toMatch(/uses as, which/);
    expect(errorOf(kubeconfig({ username: 'u', password: 'p' }))).toMatch(/uses username/);
  });

  it('refuses wrong types, half certificates, servers and missing lists', () => {
    expect(errorOf(kubeconfig({ token: ['a'] }))).toBe(
      kubeconfigMessages.badValue('user "admin"', 'token'),
    );
    expect(errorOf(kubeconfig({ 'client-certificate-data': 'QUJD' }))).toBe(
      kubeconfigMessages.halfCertificate,
    );
    expect(errorOf(kubeconfig({ token: 'a' }, { server: 'file:///etc/passwd' }))).toBe(
      kubeconfigMessages.server,
    );
    expect(errorOf('apiVersion: v1\nkind: Config\n')).toBe(kubeconfigMessages.missing('clusters'));
    expect(errorOf('a: 1\n---\nb: 2\n')).toBe(kubeconfigMessages.oneDocument);
    expect(errorOf('clusters: [')).toMatch(/^The kubeconfig is not valid YAML/);
  });
});
