import type { BrowserContext } from 'playwright-core';

/** Violations seen since the last `takeCspViolations()`, each with the page it happened on. */
const violations: string[] = [];

const bindingName = '__meridianCspViolation';

/**
 * Makes the context report its pages' Content Security Policy violations: Chromium's console line
 * and the page's securitypolicyviolation event, which also covers a violation Chromium does not log.
 */
export async function watchCspViolations(context: BrowserContext): Promise<void> {
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) {
      violations.push(`${message.page()?.url() ?? 'a worker'}: ${message.text()}`);
    }
  });
  await context.exposeBinding(bindingName, ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  // Runs before the page's own scripts, outside its policy (Playwright injects it).
  await context.addInitScript((name) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[name];
      const blocked = event.blockedURI || 'inline code';
      void report?.(`${event.effectiveDirective} blocked ${blocked} (${event.sourceFile || ''})`);
    });
  }, bindingName);
}

/** The violations recorded so far, forgotten once taken. */
export function takeCspViolations(): string[] {
  return violations.splice(0);
}
