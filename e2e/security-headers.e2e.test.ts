import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { takeCspViolations } from './support/csp-violations';
import { sharedServerUrl } from './support/meridian-server';
import { logInThroughPage } from './support/session';

const baseUrl = sharedServerUrl();

/** Waits until the recorder has seen a violation Chromium reports asynchronously. */
async function nextViolations(page: Page): Promise<string[]> {
  let seen: string[] = [];
  await expect
    .poll(
      async () => {
        await page.evaluate(() => undefined).catch(() => undefined);
        seen = [...seen, ...takeCspViolations()];
        return seen.length;
      },
      { timeout: 5_000, interval: 50 },
    )
    .toBeGreaterThan(0);
  return seen;
}

describe.skipIf(!inject('browserAvailable'))('security headers in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
    });
    page = await context.newPage();
  });

  it('refuses a script the console did not ship, and reports it', async () => {
    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect.poll(() => page.getByLabel('Username').isVisible()).toBe(true);
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.body.dataset.injected = "ran";';
      document.head.append(script);
      return document.body.dataset.injected ?? 'refused';
    });
    expect(ran).toBe('refused');
    const violations = await nextViolations(page);
    expect(violations.join('\n')).toContain('script-src');
  });

  it('cannot be framed by another page', async () => {
    await page.setContent(`<iframe src="${baseUrl}/login"></iframe>`);
    const violations = await nextViolations(page);
    expect(violations.join('\n')).toContain("frame-ancestors 'none'");
  });

  it('runs the styled console, its world map and its live events under the policy', async () => {
    const socketOpened = page.waitForEvent('websocket', {
      predicate: (socket) => socket.url().includes('/event/client/socket.io/'),
    });
    await logInThroughPage(page);
    const socket = await socketOpened;
    // Socket.io's first frame is its handshake: the connection was let through.
    await socket.waitForEvent('framereceived');
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect.poll(() => navigation.isVisible()).toBe(true);
    // The home page's own (lazy) chunk has replaced the loading skeleton.
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor({ state: 'attached' });
    await expect.poll(() => page.getByText('No apps yet').isVisible()).toBe(true);
    await expect
      .poll(() => page.locator('[data-variant] svg path').count(), { timeout: 10_000 })
      .toBeGreaterThan(50);
    // AntD's styles are <style> elements it inserts: a blocked one leaves the button unstyled.
    const create = page.getByRole('button', { name: 'Create', exact: true });
    const background = await create.evaluate((button) => getComputedStyle(button).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    await screenshot(page, 'security-headers-home');
  });

  it('renders the API docs under the policy', async () => {
    const response = await page.goto('/docs');
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await expect
      .poll(() => page.getByText('/auth/login', { exact: true }).first().isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await expect
      .poll(() => page.getByText('Meridian control plane').first().isVisible())
      .toBe(true);
    await screenshot(page, 'security-headers-docs');
  });
});
