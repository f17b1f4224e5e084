import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, embeddedBackendOnly, type TestApp } from '../../../test-support/test-app';

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const json = { 'content-type': 'application/json' };

/** The policy as a map from directive to its sources. */
function directives(policy: string | undefined): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe.each(embeddedBackendOnly())('security headers on %s', (backend) => {
  let t: TestApp;
  let webDistDir: string;

  beforeAll(async () => {
    webDistDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-web-'));
    await mkdir(path.join(webDistDir, 'assets'));
    await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(webDistDir, 'assets', 'x-abc.js'), 'console.log(1);');
    t = await createTestApp(backend, { config: { webDistDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  const pages = [
    ['the home page', '/'],
    ['a deep console route', '/apps/x/versions'],
    ['a static asset', '/assets/x-abc.js'],
    ['the API docs', '/docs/'],
    ['the API docs’ script', '/docs/static/swagger-initializer.js'],
  ] as const;

  it.each(pages)('sends a strict policy, no framing and no sniffing on %s', async (_, url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: html });
    expect(response.statusCode).toBe(200);
    const policy = directives(response.headers['content-security-policy'] as string);
    // Scripts only from the console's own files: nothing inline, no eval, no other host.
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    const everySource = [...policy.values()].flat();
    expect(everySource.filter((source) => !/^('[a-z-]+'|data:)$/.test(source))).toEqual([]);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('sends them with API answers too, errors included', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/health' }),
      t.app.inject({ method: 'GET', url: '/cluster/smart_clusters' }),
      t.app.inject({ method: 'POST', url: '/auth/login', payload: '{', headers: json }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 400]);
    for (const answer of answers) {
      expect(answer.headers['content-type']).toContain('application/json');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });
});
