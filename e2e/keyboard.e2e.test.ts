import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { createUserByApi, type Credentials } from './support/session';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();

interface Focused {
  name: string;
  tag: string;
  /** A focus indicator is drawn: an outline or a ring (box-shadow). */
  ringed: boolean;
}

/** The element keyboard focus is on, its accessible name as a screen reader would start it. */
async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { name: '', tag: 'body', ringed: false };
    const style = getComputedStyle(element);
    const ringed =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
      style.boxShadow !== 'none';
    const name =
      element.getAttribute('aria-label') ??
      ((element as HTMLInputElement).labels?.[0]?.textContent || element.textContent || '').trim();
    return { name: name.slice(0, 60), tag: element.tagName.toLowerCase(), ringed };
  });
}

/** Presses Tab until `wanted` has focus; every stop on the way must show where focus is. */
async function tabTo(page: Page, wanted: RegExp, limit = 40): Promise<Focused[]> {
  const stops: Focused[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    stops.push(now);
    if (wanted.test(now.name)) return stops;
  }
  throw new Error(`Tab never reached ${wanted}: ${stops.map((stop) => stop.name).join(' → ')}`);
}

// Issue 40 (WCAG 2.1.1, 2.4.3, 2.4.7): a keyboard alone signs in, moves through the shell in
// reading order with focus always shown, opens a create drawer and closes it with Escape.
describe.skipIf(!inject('browserAvailable'))('the console by keyboard alone', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let user: Credentials;

  beforeAll(async () => {
    user = await createUserByApi(baseUrl, 'e2e-keyboard');
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('signs in with Tab, typing and Enter', async () => {
    await page.goto('/login');
    await tabTo(page, /^Username$/);
    await page.keyboard.type(user.username);
    await tabTo(page, /^Password$/);
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/home');
  });

  it('reaches the header, the main menu, then Create, in order, each with a visible focus ring', async () => {
    await page.goto('/home');
    await page.getByRole('button', { name: 'Create', exact: true }).waitFor();
    const header = await tabTo(page, /account menu$/);
    const rest = await tabTo(page, /^Create$/);
    const names = [...header, ...rest].map((stop) => stop.name);
    const at = (pattern: RegExp) => names.findIndex((name) => pattern.test(name));
    // Reading order: the header, the main navigation, the content, the right sidebar's Create;
    // the map's markers come after all of it.
    expect(at(/^Clusters$/), names.join(' → ')).toBeGreaterThan(at(/account menu$/));
    expect(at(/^Create$/), names.join(' → ')).toBeGreaterThan(at(/^Clusters$/));
    expect(at(/Montréal/), names.join(' → ')).toBe(-1);
    const unringed = [...header, ...rest].filter((stop) => !stop.ringed);
    expect(unringed.map((stop) => stop.name)).toEqual([]);
    await screenshot(page, 'keyboard-create-focus');
  });

  it('opens a create drawer from the keyboard and closes it with Escape, focus back on Create', async () => {
    await page.goto('/home');
    const create = page.getByRole('button', { name: 'Create', exact: true });
    await create.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Cluster', exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    const item = await focused(page);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    expect(item.name).toMatch(/App|Cluster|Domain/);
    // Focus moved into the drawer, so the next Tab stays in it.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role=dialog]'))).toBe(
      true,
    );
    await screenshot(page, 'keyboard-create-drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect((await focused(page)).name).toBe('Create');
  });
});
