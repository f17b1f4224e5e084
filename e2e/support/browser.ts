import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

export const chromiumPath = '/usr/bin/chromium';

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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
}

/** Saved under e2e/screenshots/ for a person to look at; not compared by the tests. */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = false }: { fullPage?: boolean } = {},
): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  // Let entrance animations (notifications, map style changes) finish so the picture is true.
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage });
}
