import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { App } from './platform/http/http-app';
import {
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  ValidationError,
} from './platform/http/errors';
import { createTestApp, embeddedBackendOnly, type TestApp } from '../test-support/test-app';

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

const failures = {
  defect: () => new Error('connection to 10.1.2.3 failed: password=hunter2'),
  validation: () => new ValidationError(['Please provide a name']),
  missing: () => new NotFoundError(),
  conflict: () => new ConflictError('The smart cluster is still being created'),
  tooLarge: () => new PayloadTooLargeError(),
};

function failingRoutes(app: App, t: () => TestApp) {
  // A value only the database refuses (here: not a uuid) must still be the client's 400.
  app.get('/test/fail-in-database', async () => {
    await t().database.db.execute(sql`select 'not-a-uuid'::uuid`);
    return {};
  });
  app.get(
    '/test/fail/:kind',
    { schema: { params: z.object({ kind: z.enum(Object.keys(failures) as [string]) }) } },
    (request) => {
      throw failures[request.params.kind as keyof typeof failures]();
    },
  );
}

describe.each(embeddedBackendOnly())('app on %s', (backend) => {
  describe('error contract', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(backend, { extend: (app) => failingRoutes(app, () => t) });
    });
    afterAll(() => t.close());

    it('answers health checks', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it('answers 400 for a body that is not JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username": "admin",',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Request body is not valid JSON' });
    });

    it('answers 413 for a body over 1 MiB', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: 'admin', password: 'x'.repeat(1024 * 1024) }),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'Request body is too large' });
    });

    it('answers an oversized body only once the client has sent all of it', async () => {
      // Answering and closing mid-upload reset clients still sending: they never read the 413.
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const body = JSON.stringify({ username: 'x'.repeat(1400 * 1024) });
      const socket = net.connect(Number(new URL(address).port), '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      const closed = new Promise((resolve) => socket.on('close', resolve));
      socket.write(
        `POST /auth/login HTTP/1.1\r\nhost: meridian\r\ncontent-type: application/json\r\n` +
          `content-length: ${body.length}\r\n\r\n${body.slice(0, body.length / 2)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const answeredMidUpload = answer;
      socket.end(body.slice(body.length / 2));
      await closed;
      expect(answeredMidUpload).toBe('');
      expect(answer).toMatch(/^HTTP\/1\.1 413 .*\{"message":"Request body is too large"\}$/s);
    });

    it('answers a JSON 404 for an unknown API path', async () => {
      for (const [method, url] of [
        ['GET', '/nope'],
        ['POST', '/auth/nope'],
        ['GET', '/domain/name/unknown/thing'],
      ] as const) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ message: 'Not found' });
      }
    });

    it('maps domain errors to their status and the contract body', async () => {
      const expectations = [
        ['validation', 400, { message: 'Validation failed', errors: ['Please provide a name'] }],
        ['missing', 404, { message: 'Not found' }],
        ['conflict', 409, { message: 'The smart cluster is still being created' }],
        ['tooLarge', 413, { message: 'Payload too large' }],
      ] as const;
      for (const [kind, status, body] of expectations) {
        const response = await t.app.inject({ method: 'GET', url: `/test/fail/${kind}` });
        expect(response.statusCode, kind).toBe(status);
        expect(response.json()).toEqual(body);
      }
    });

    it('answers a defect with a 500 that reveals nothing but the request id', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/test/fail/defect' });
      expect(response.statusCode).toBe(500);
      const id = response.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.json()).toEqual({
        message: `Internal server error. If it keeps happening, contact support and quote request ${String(id)}.`,
        request_id: id,
      });
      expect(response.body).not.toMatch(/hunter2|10\.1\.2\.3|stack|at /);
    });

    it('answers 400 when only the database refuses a value', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/test/fail-in-database' });
      expect([response.statusCode, response.json()]).toEqual([
        400,
        { message: 'A value in the request is not valid' },
      ]);
    });

    it('refuses JSON nested too deeply and prototype keys before any route sees them', async () => {
      const login = (payload: string) =>
        t.app.inject({
          method: 'POST',
          url: '/auth/login',
          headers: { 'content-type': 'application/json' },
          payload,
        });
      const deep = await login(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
      expect([deep.statusCode, deep.json()]).toEqual([
        400,
        { message: 'Request body nests deeper than 32 levels' },
      ]);
      const polluted = await login('{"username":"a","password":"b","__proto__":{"admin":true}}');
      expect(polluted.statusCode).toBe(400);
      expect(polluted.json().message).toMatch(/reserved key/);
    });

    it('lists at most ten short problems and never echoes the input', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: 'x'.repeat(100_000), password: 7 }),
      });
      expect(response.json()).toEqual({
        message: 'Validation failed',
        errors: ['Username must be at most 50 characters', 'Please enter a password'],
      });
      expect(response.body.length).toBeLessThan(4_000);
      expect(response.body).not.toContain('x'.repeat(400));
    });
  });

  describe('HTTP deadlines', () => {
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      t = await createTestApp(backend, {
        http: { headersMs: 400, requestMs: 800, checkIntervalMs: 100, keepAliveMs: 300 },
      });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });
    afterAll(() => t.close());

    /** Opens a connection, sends `start`, then one byte every 100 ms; resolves when closed. */
    function trickle(start: string): Promise<string> {
      return new Promise((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(start));
        let answer = '';
        const timer = setInterval(() => socket.write(' '), 100);
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('error', () => {});
        socket.on('close', () => {
          clearInterval(timer);
          resolve(answer);
        });
      });
    }

    it('closes a connection that trickles its headers or its body', async () => {
      const [headers, body] = await Promise.all([
        trickle('POST /auth/login HTTP/1.1\r\nHost: x\r\nX-Slow:'),
        trickle(
          'POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
            'Content-Length: 100000\r\n\r\n{',
        ),
      ]);
      expect(headers).toMatch(/^HTTP\/1\.1 408|^$/);
      expect(body).toMatch(/^HTTP\/1\.1 408|^$/);
      // Meanwhile, and after, others are answered.
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
    });
  });

  describe('API description', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(backend);
    });
    afterAll(() => t.close());

    it('serves an OpenAPI document generated from the zod schemas', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
      expect(response.statusCode).toBe(200);
      const document = response.json();
      expect(document.openapi).toMatch(/^3\.1\./);
      expect(document.info.title).toBeTruthy();
      const login = document.paths['/auth/login'].post;
      expect(login.requestBody.content['application/json'].schema).toMatchObject({
        type: 'object',
        required: ['username', 'password'],
      });
      expect(Object.keys(login.responses)).toEqual(
        expect.arrayContaining(['200', '400', '401', '429']),
      );
      expect(document.paths['/auth/users'].post.security).toEqual([{ bearerAuth: [], userId: [] }]);
      expect(Object.keys(document.paths).some((p) => p.startsWith('/docs'))).toBe(false);
    });

    it('describes the request bodies of the multipart routes, files included', async () => {
      const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
      const bodyOf = (path: string) =>
        document.paths[path].post.requestBody.content['multipart/form-data'].schema;
      const app = bodyOf('/meridian/v1/kube/apps');
      expect(Object.keys(app.properties)).toEqual(
        expect.arrayContaining(['name', 'version_name', 'smart_cluster_uuid', 'template_type']),
      );
      expect(app.properties.template).toMatchObject({ type: 'string', format: 'binary' });
      expect(app.required).toEqual(expect.arrayContaining(['name', 'template']));
      expect(bodyOf('/meridian/v1/kube/apps/{appId}/versions').properties.template).toBeDefined();
      expect(bodyOf('/cluster/clusters/external')).toMatchObject({
        properties: { name: { type: 'string' }, kubeConfig: { format: 'binary' } },
        required: ['name', 'kubeConfig'],
      });
    });

    it('serves the documentation UI', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/docs/', headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
    });
  });

  describe('web console', () => {
    let t: TestApp;
    let webDistDir: string;
    const indexHtml = '<!doctype html><title>Meridian</title><div id="root"></div>';

    beforeAll(async () => {
      webDistDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-web-'));
      await mkdir(path.join(webDistDir, 'assets'));
      await writeFile(path.join(webDistDir, 'index.html'), indexHtml);
      await writeFile(path.join(webDistDir, 'assets', 'x-abc.js'), 'console.log(1);');
      await writeFile(path.join(webDistDir, 'favicon.svg'), '<svg/>');
      // The twins the build writes beside each text file (vite.config.ts).
      const script = path.join(webDistDir, 'assets', 'x-abc.js');
      await writeFile(`${script}.br`, brotliCompressSync('console.log(1);'));
      await writeFile(`${script}.gz`, gzipSync('console.log(1);'));
      await writeFile(path.join(webDistDir, 'index.html.br'), brotliCompressSync(indexHtml));
      t = await createTestApp(backend, { config: { webDistDir } });
    });
    afterAll(async () => {
      await t.close();
      await rm(webDistDir, { recursive: true, force: true });
    });

    it('serves hashed assets as immutable', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/assets/x-abc.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body).toBe('console.log(1);');
    });

    it('sends the brotli or gzip twin a browser accepts, and the plain file to others', async () => {
      const script = (encoding?: string) =>
        t.app.inject({
          method: 'GET',
          url: '/assets/x-abc.js',
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
      const brotli = await script('gzip, deflate, br');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toContain('javascript');
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1);');
      const gzip = await script('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log(1);');
      const plain = await script();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe('console.log(1);');
      // The console's pages too, still never cached without asking.
      const page = await t.app.inject({
        method: 'GET',
        url: '/clusters',
        headers: { ...html, 'accept-encoding': 'br' },
      });
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(indexHtml);
    });

    it('serves index.html and other files so the browser revalidates them', async () => {
      for (const url of ['/', '/favicon.svg']) {
        const response = await t.app.inject({ method: 'GET', url, headers: html });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control']).toBe('no-cache');
      }
    });

    it('answers index.html for deep links, even where a path is also an API prefix', async () => {
      for (const url of ['/clusters', '/domain', '/billing', '/apps/x', '/login?next=%2Fapps']) {
        const response = await t.app.inject({ method: 'GET', url, headers: html });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toBe(indexHtml);
      }
      const head = await t.app.inject({ method: 'HEAD', url: '/clusters', headers: html });
      expect(head.statusCode).toBe(200);
    });

    it('answers the console for its pages whatever the client accepts (curl /login)', async () => {
      for (const accept of [{}, { accept: 'application/json' }, { accept: '*/*' }]) {
        for (const url of ['/login', '/clusters', '/apps/x', '/domain?tab=dns']) {
          const response = await t.app.inject({ method: 'GET', url, headers: accept });
          expect(response.statusCode, url).toBe(200);
          expect(response.headers['content-type']).toContain('text/html');
          expect(response.body).toBe(indexHtml);
        }
      }
    });

    it('answers the JSON 404 to API clients and for missing assets', async () => {
      const requests = [
        { method: 'GET', url: '/cluster/nope', headers: { accept: 'application/json' } },
        { method: 'GET', url: '/nope', headers: {} },
        { method: 'POST', url: '/clusters', headers: html },
        { method: 'GET', url: '/assets/missing.js', headers: html },
      ] as const;
      for (const request of requests) {
        const response = await t.app.inject(request);
        expect(response.statusCode, JSON.stringify(request)).toBe(404);
        expect(response.json()).toEqual({ message: 'Not found' });
      }
    });

    it('tells a browser to build the console when it has not been built', async () => {
      const unbuilt = await createTestApp(backend, {
        config: { webDistDir: path.join(webDistDir, 'missing') },
      });
      try {
        const page = await unbuilt.app.inject({ method: 'GET', url: '/clusters', headers: html });
        expect(page.statusCode).toBe(503);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.body).toContain('npm run build');

        const api = await unbuilt.app.inject({ method: 'GET', url: '/cluster/nope' });
        expect(api.statusCode).toBe(404);
        expect(api.json()).toEqual({ message: 'Not found' });
      } finally {
        await unbuilt.close();
      }
    });
  });
});
