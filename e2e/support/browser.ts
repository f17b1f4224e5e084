import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { recordCspViolations } from './csp-violations';

export const chromiumPath = '/usr/bin/chromium';

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/** Chromium whose pages' Content Security Policy violations fail the test (csp-check.ts). */
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
  return recordCspViolations(browser);
}

/** Saved under e2e/screenshots/ for a person to look at; not compared by the tests. */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = false }: { fullPage?: boolean } = {},
): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await animationsSettled(page);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage });
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
