import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.0–2.2, levels A and AA: what issue 40 holds the console to. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Serious and critical violations seen since the last `takeAccessibilityViolations()`. */
const violations: string[] = [];

/**
 * Runs axe-core on the page as it is now (every screenshot is a screen a user sees) and keeps
 * its serious and critical violations, each with the screen and the elements it names.
 */
export async function auditAccessibility(page: Page, screen: string): Promise<void> {
  const url = new URL(page.url());
  // Swagger UI's own page (/docs) is the library's markup, not the console's.
  if (url.pathname.startsWith('/docs')) return;
  const audit = async (modalOnly: boolean) => {
    const builder = new AxeBuilder({ page }).withTags(wcagTags);
    // A monitoring page reloads only when its URL asks (`?refresh=10s`): the user chose it and
    // turns it off by leaving it out (WCAG 2.2.1), which axe's meta-refresh rule cannot know.
    if (url.searchParams.has('refresh')) builder.disableRules(['meta-refresh']);
    for (const selector of await emptyPickers(page)) builder.exclude(selector);
    // A notice still fading in or out is not yet (or no longer) what a reader sees.
    builder.exclude('[class*="-fade-appear"], [class*="-fade-enter"], [class*="-fade-leave"]');
    // An open modal dialog or drawer is all a user can reach: the page under its mask is inert.
    if (modalOnly) builder.include('[aria-modal="true"]');
    return builder.analyze();
  };
  const modalOpen = (await page.locator('[aria-modal="true"]:visible').count()) > 0;
  // A dialog closing between the look and the audit leaves nothing to include: audit the page.
  const results = await audit(modalOpen).catch((error: unknown) => {
    if (modalOpen && String(error).includes('No elements found for include')) return audit(false);
    throw error;
  });
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    const targets = violation.nodes
      .slice(0, 5)
      .map(
        (node) =>
          `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').at(-1)?.trim() ?? ''}`,
      );
    violations.push(
      `${screen}: ${violation.id} (${violation.impact}) ${violation.help}\n${targets.join('\n')}`,
    );
  }
}

/**
 * antd's Select (rc-select) leaves its listbox empty, and its input's aria-activedescendant at
 * "…_list_-1", while a search matches nothing: the library's markup, left out in that state only.
 */
function emptyPickers(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('[role="listbox"][id$="_list"]'))
      .filter((list) => list.querySelectorAll('[role="option"]').length === 0)
      .flatMap((list) => [`#${CSS.escape(list.id)}`, `[aria-controls="${CSS.escape(list.id)}"]`]),
  );
}

export function takeAccessibilityViolations(): string[] {
  return violations.splice(0);
}
