import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { auditAccessibility } from './accessibility';
import { watchCspViolations } from './csp-violations';
import { recordForFailures } from './failure-record';

export const chromiumPath = '/usr/bin/chromium';

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/** Chromium whose pages' Content Security Policy violations fail the test (page-checks.ts). */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Every context (browser.newPage's too): pages without motion, as a reader who asks for reduced
  // motion sees them (antd-theme.ts), since on two loaded cores a click could land on a dialog or
  // a list still sliding into place; and their CSP violations recorded.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext({ reducedMotion: 'reduce', ...options });
    await watchCspViolations(context);
    return context;
  };
  return recordForFailures(browser);
}

/**
 * The second look (issue 40: every screen in French and dark too). In `npm test` each screen is
 * seen so once per run, the first time any file pictures it (`firstLookOfScreen`): looking at
 * every picture twice made the browser stage 814 s and let notices time out on two loaded cores.
 * `E2E_SECOND_LOOK=every` (`npm run test:e2e:looks`) looks at every picture twice.
 */
const secondLookAtEvery = process.env.E2E_SECOND_LOOK === 'every';

/** Where the files running beside each other mark the screens already seen in French and dark. */
export const secondLookMarks = path.join(screenshotDir, '.second-looks');

/**
 * Saved under e2e/screenshots/ for a person to look at; not compared by the tests. Each screen
 * pictured is also audited by axe-core (support/accessibility.ts), in English and light, then
 * in French and dark (`<name>.fr-CA-dark.png`), then put back as it was; a screen with a notice
 * showing waits for a later picture, as the notice would close before the test reads it.
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = false }: { fullPage?: boolean } = {},
): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await animationsSettled(page);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage });
  await auditAccessibility(page, name);
  // A notice lives 4 to 9 s: the second look would outlast it, and the test reads it next.
  if (await page.locator('.ant-notification-notice').count()) return;
  const screen = await screenOf(page);
  if (!screen || !(secondLookAtEvery || firstLookOfScreen(screen))) return;
  const before = await switchLook(page, { locale: 'fr-CA', theme: 'dark' });
  if (!before) return;
  await animationsSettled(page);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.fr-CA-dark.png`), fullPage });
  await auditAccessibility(page, `${name} (fr-CA, dark; screen ${screen})`);
  await switchLook(page, before);
  await animationsSettled(page);
}

/**
 * What makes one screen of the console: its route with names and ids left out, its query's keys
 * and the title of the drawer or dialog open on it; undefined on a page that is not the console.
 */
function screenOf(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    if (!document.getElementById('root')) return undefined;
    // Route segments and titles that name a resource carry digits or dots; the console's own do not.
    const general = (text: string) => text.replace(/\S*[\d.]\S*/g, ':name');
    const route = location.pathname.split('/').map(general).join('/');
    const query = [...new URLSearchParams(location.search).keys()].sort().join('&');
    const opened = Array.from(document.querySelectorAll('[aria-modal="true"]'))
      .filter((dialog) => (dialog as HTMLElement).offsetParent !== null)
      .map((dialog) =>
        general(
          dialog.querySelector('.ant-drawer-title, .ant-modal-title')?.textContent ?? 'dialog',
        ),
      );
    return [route, query, ...opened].join(' | ');
  });
}

/** True for the first file to reach a screen in this run: making its mark is atomic across files. */
function firstLookOfScreen(screen: string): boolean {
  fs.mkdirSync(secondLookMarks, { recursive: true });
  try {
    const mark = createHash('sha256').update(screen).digest('hex').slice(0, 32);
    fs.writeFileSync(path.join(secondLookMarks, mark), screen, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

interface Look {
  locale: string | null;
  theme: string | null;
}

/**
 * Switches the console's language and theme as another tab's choice would (a `storage` event,
 * which the console follows) and answers what was stored before; undefined on a page that is
 * not the console (Swagger UI, monitoring) or that already looks so.
 */
async function switchLook(page: Page, look: Look): Promise<Look | undefined> {
  const before = await page.evaluate(({ locale, theme }) => {
    if (!document.getElementById('root')) return undefined;
    const stored = {
      locale: localStorage.getItem('meridian.locale'),
      theme: localStorage.getItem('meridian.theme'),
    };
    if (
      document.documentElement.lang === locale &&
      document.documentElement.dataset.theme === theme
    )
      return undefined;
    const set = (key: string, value: string | null) => {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
    };
    set('meridian.locale', locale ?? (navigator.languages[0]?.startsWith('fr') ? 'fr-CA' : 'en'));
    set('meridian.theme', theme);
    return stored;
  }, look);
  if (!before) return undefined;
  await page.waitForFunction(
    ({ locale, theme }) =>
      (locale === null || document.documentElement.lang === locale) &&
      document.documentElement.dataset.theme === (theme ?? 'light'),
    look,
  );
  return before;
}

/**
 * Waits until no finite animation or transition is running (drawers sliding, notifications
 * entering, the map's style changing), so a picture or a position is the settled one; endless
 * ones (spinners, skeletons) are left to run. Gives up after 3 s and goes on.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 3_000, polling: 50 },
    )
    .catch(() => undefined);
}
