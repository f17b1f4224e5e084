import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenEarly, type EarlyListener } from './early-listener';

describe('the port opened before the database', () => {
  let webDistDir: string;
  let listener: EarlyListener;
  let base: string;

  beforeAll(async () => {
    webDistDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-early-'));
    mkdirSync(path.join(webDistDir, 'assets'));
    writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Meridian</title>');
    writeFileSync(path.join(webDistDir, 'assets', 'app-1a2b.js'), 'console.log(1);');
    listener = await listenEarly({ host: '127.0.0.1', port: 0, webDistDir });
    base = `http://127.0.0.1:${(listener.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await listener?.stopListening();
    listener?.closeAll();
    rmSync(webDistDir, { recursive: true, force: true });
  });

  it('answers console pages at once and holds API calls until the control plane takes them', async () => {
    let loginAnswered = false;
    const login = fetch(`${base}/auth/login`, { method: 'POST', body: '{}' }).then((response) => {
      loginAnswered = true;
      return response;
    });
    const page = await fetch(`${base}/clusters`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Meridian</title>');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const asset = await fetch(`${base}/assets/app-1a2b.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(loginAnswered).toBe(false);

    const controlPlane = Fastify({ serverFactory: listener.serverFactory });
    controlPlane.post('/auth/login', () => ({ token: 'from the control plane' }));
    controlPlane.get('/health', () => ({ status: 'ok' }));
    await controlPlane.ready();
    listener.handOver();
    expect(await (await login).json()).toEqual({ token: 'from the control plane' });
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: 'ok' });
    await controlPlane.close();
  });
});
