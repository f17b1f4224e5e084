import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';

/** Beside the screenshots (support/browser.ts), which CI keeps. */
const failureDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../screenshots/failed',
);

/** The browsers this file launched, so a failed test can show what their pages looked like. */
const launched = new Set<Browser>();

export function recordForFailures(browser: Browser): Browser {
  launched.add(browser);
  browser.once('disconnected', () => launched.delete(browser));
  return browser;
}

/**
 * What every open page showed when a test failed: its address and visible text in the log (a CI
 * log is all a failed run leaves) and a picture under e2e/screenshots/failed/.
 */
export async function recordFailedPages(testName: string): Promise<void> {
  const pages = [...launched].flatMap((browser) =>
    browser.contexts().flatMap((context) => context.pages()),
  );
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  for (const [index, page] of pages.entries()) {
    try {
      const text = await page.evaluate(() => document.body.innerText, undefined);
      console.warn(
        `\n[failed: ${testName}] page ${index + 1} at ${page.url()} showed:\n${text.slice(0, 2_000)}`,
      );
      fs.mkdirSync(failureDir, { recursive: true });
      await page.screenshot({
        path: path.join(failureDir, `${slug}-${index + 1}.png`),
        timeout: 5_000,
      });
    } catch (error) {
      console.warn(`[failed: ${testName}] page ${index + 1} could not be read: ${String(error)}`);
    }
  }
}
