import { describe, expect, it } from 'vitest';
import {
  checkAdvancedTemplate,
  advancedTemplateMessages,
  deploymentReplicas,
  findDeployment,
  parseKubernetesManifests,
  servicePorts,
} from './advanced-template';
import { yamlLimits, yamlMessages } from '../parsing/safe-yaml';

const valid = `apiVersion: v1
kind: Namespace
metadata:
  name: shop
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: shop
spec:
  replicas: 4
---
apiVersion: v1
kind: Service
metadata:
  name: shop
spec:
  type: LoadBalancer
  ports:
    - name: http
      port: 80
      targetPort: 8080
`;

/** The classic "billion laughs": 9 levels of 9 aliases each, 9^9 strings once expanded. */
function aliasBomb(): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  const names = 'abcdefghi';
  for (let level = 1; level < names.length; level++) {
    const previous = `*${names[level - 1]}`;
    lines.push(`${names[level]}: &${names[level]} [${Array(9).fill(previous).join(',')}]`);
  }
  return `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bomb\ndata:\n  ${lines.join('\n  ')}\n`;
}

function errorsOf(text: string): string[] {
  const result = parseKubernetesManifests(text);
  return result.ok ? [] : result.errors;
}

describe('parseKubernetesManifests', () => {
  it('returns the documents of a valid manifest', () => {
    const result = parseKubernetesManifests(valid);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.documents.map((document) => document.kind)).toEqual([
      'Namespace',
      'Deployment',
      'Service',
    ]);
  });

  it('skips empty documents (leading, trailing and repeated separators)', () => {
    const result = parseKubernetesManifests(`---\n${valid}---\n---\n# only a comment\n`);
    expect(result.ok && result.documents).toHaveLength(3);
  });

  it('names the document and each missing field', () => {
    expect(
      errorsOf(`apiVersion: v1
kind: Namespace
metadata:
  name: ok
---
apiVersion: v1
kind: Service
metadata:
  labels: {}
---
kind: Pod
metadata:
  name: 12
`),
    ).toEqual([
      `Document 2: ${advancedTemplateMessages.metadataName}`,
      `Document 3: ${advancedTemplateMessages.apiVersion}`,
      `Document 3: ${advancedTemplateMessages.metadataName}`,
    ]);
    expect(errorsOf('apiVersion: v1\nmetadata:\n  name: x\n')).toEqual([
      'Document 1: kind is missing',
    ]);
    expect(errorsOf('apiVersion: v1\nkind: Pod\n---\napiVersion: v1\nkind: Pod\n')).toContain(
      'Document 2: metadata.name is missing',
    );
  });

  it('refuses documents that are not mappings', () => {
    expect(errorsOf(`${valid}---\n- a\n- b\n---\njust text\n`)).toEqual([
      `Document 4: ${advancedTemplateMessages.notMapping}`,
      `Document 5: ${advancedTemplateMessages.notMapping}`,
    ]);
  });

  it('reports syntax errors with the document number', () => {
    const errors = errorsOf(`${valid}---\napiVersion: v1\nkind: [unclosed\nmetadata: {name: x}\n`);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatch(/^Document 4: .* at line 2[2-9], column \d+$/);
  });

  it('refuses duplicate keys', () => {
    expect(errorsOf('apiVersion: v1\nkind: Pod\nkind: Service\nmetadata: {name: x}\n')).toEqual([
      `Document 1: ${yamlMessages.duplicateKey('kind')}`,
    ]);
  });

  it('refuses an empty file', () => {
    expect(errorsOf('')).toEqual([yamlMessages.empty]);
    expect(errorsOf('---\n# nothing\n')).toEqual([yamlMessages.empty]);
  });

  it('refuses a file over the size cap before parsing it', () => {
    const text = `${valid}# ${'x'.repeat(yamlLimits.maxLength)}\n`;
    expect(errorsOf(text)).toEqual([yamlMessages.tooLarge]);
  });

  it('refuses an alias bomb in milliseconds', () => {
    const started = Date.now();
    const errors = errorsOf(aliasBomb());
    const elapsed = Date.now() - started;
    expect(errors).toEqual([`Document 1: ${yamlMessages.aliases}`]);
    expect(elapsed).toBeLessThan(200);
  });

  it('refuses pathological nesting before parsing (the parser would hang or run out of memory)', () => {
    const inputs = [
      `${'- '.repeat(10_000)}x`,
      `${'? '.repeat(300)}x`,
      `${'- ? '.repeat(200)}x`,
      `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      `a: ${'{b: '.repeat(100)}c${'}'.repeat(100)}`,
    ];
    for (const input of inputs) {
      const started = Date.now();
      expect(errorsOf(input)).toEqual([yamlMessages.tooDeep]);
      expect(Date.now() - started).toBeLessThan(200);
    }
  });

  it('reports at most 20 errors for a broken file near the size cap', () => {
    const line = `${'['.repeat(16)}${']'.repeat(16)}\n`;
    const text = line.repeat(Math.floor(yamlLimits.maxLength / line.length));
    expect(errorsOf(text)).toHaveLength(yamlLimits.maxErrors);
  });

  it('stops at 20 errors over many broken documents', () => {
    const text = '---\na: b: c\n'.repeat(yamlLimits.maxDocuments);
    expect(errorsOf(text)).toHaveLength(yamlLimits.maxErrors);
  });

  it('refuses more documents than the limit before parsing', () => {
    const text = '---\na: b\n'.repeat(yamlLimits.maxDocuments + 1);
    expect(errorsOf(text)).toEqual([yamlMessages.tooManyDocuments]);
  });

  it('refuses merge keys, which other YAML readers would apply', () => {
    const text = 'base: &b {replicas: 1}\nspec:\n  <<: *b\n';
    expect(errorsOf(text)).toEqual([`Document 1: ${yamlMessages.mergeKey}`]);
  });

  it('reports an alias without its anchor', () => {
    expect(errorsOf('apiVersion: v1\nkind: Pod\nmetadata: {name: *x}\n')).toHaveLength(1);
    expect(errorsOf('apiVersion: v1\nkind: Pod\nmetadata: {name: *x}\n')[0]).not.toContain(
      yamlMessages.aliases,
    );
  });

  it('refuses lists and mappings used as keys', () => {
    expect(errorsOf('apiVersion: v1\nkind: Pod\nmetadata: {name: x}\n? [a, b]\n: c\n')).toEqual([
      `Document 1: ${yamlMessages.complexKey}`,
    ]);
  });

  it('accepts ordinary nesting, lists of lists and brackets in strings', () => {
    const result = parseKubernetesManifests(`apiVersion: v1
kind: Pod
metadata: {name: x, labels: {a: b}}
spec:
  containers:
    - name: c
      command: ["sh", "-c", "echo [ok] && test -n \\"$X\\""]
      args:
        - - nested
          - list
`);
    expect(result.ok).toBe(true);
  });

  it('still accepts a few ordinary aliases', () => {
    const result = parseKubernetesManifests(
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: &n cfg\n  labels: {app: *n}\n',
    );
    expect(result.ok).toBe(true);
  });

  it('does not let __proto__ keys pollute prototypes', () => {
    const result = parseKubernetesManifests(
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n__proto__:\n  polluted: true\n',
    );
    expect(result.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('deploymentReplicas and servicePorts', () => {
  const documents = (text: string) => {
    const result = parseKubernetesManifests(text);
    if (!result.ok) throw new Error(result.errors.join('; '));
    return result.documents;
  };

  it('finds the Deployment and its replicas', () => {
    expect(findDeployment(documents(valid))?.metadata.name).toBe('shop');
    expect(deploymentReplicas(documents(valid))).toBe(4);
  });

  it('defaults absent replicas to 1 and has none without a Deployment', () => {
    expect(
      deploymentReplicas(documents('apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\n')),
    ).toBe(1);
    expect(
      deploymentReplicas(documents('apiVersion: v1\nkind: Namespace\nmetadata: {name: n}\n')),
    ).toBeUndefined();
    expect(
      deploymentReplicas(
        documents(
          'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec: {replicas: x}\n',
        ),
      ),
    ).toBeUndefined();
  });

  it('lists the Service ports', () => {
    expect(servicePorts(documents(valid))).toEqual([{ name: 'http', port: 80 }]);
  });

  it('refuses at upload the kinds Meridian does not deploy, naming the document', () => {
    const text =
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\n' +
      'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata: {name: b}\n';
    const checked = checkAdvancedTemplate(text);
    expect(checked).toEqual({
      ok: false,
      errors: [`Document 2: ${advancedTemplateMessages.kindNotDeployable('ClusterRoleBinding')}`],
    });
    expect(advancedTemplateMessages.kindNotDeployable('Job')).toMatch(
      /^kind Job is not one Meridian deploys; an app may hold Namespace, Deployment, StatefulSet/,
    );
    expect(checkAdvancedTemplate(valid).ok).toBe(true);
    // A key inherited from Object's prototype is no kind either.
    expect(checkAdvancedTemplate('apiVersion: v1\nkind: toString\nmetadata: {name: x}\n').ok).toBe(
      false,
    );
  });
});
