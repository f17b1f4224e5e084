import { afterAll, afterEach } from 'vitest';
import { takeAccessibilityViolations } from './accessibility';
import { takeCspViolations } from './csp-violations';
import { recordFailedPages } from './failure-record';

/**
 * Fails the test (or the file's hooks) during which a page broke its Content Security Policy, or
 * a screen had a serious or critical WCAG 2.2 AA violation (docs/accessibility.md).
 */
function failOnPageViolations(): void {
  const csp = takeCspViolations();
  const accessibility = takeAccessibilityViolations();
  if (csp.length > 0) {
    throw new Error(`Content Security Policy violations:\n${csp.join('\n')}`);
  }
  if (accessibility.length > 0) {
    throw new Error(`Accessibility violations (axe-core):\n${accessibility.join('\n')}`);
  }
}

// A setup file of every e2e file (vitest.config.ts), so no suite can forget the checks.
afterEach(async (context) => {
  if (context.task.result?.state === 'fail') await recordFailedPages(context.task.name);
  failOnPageViolations();
});
afterAll(failOnPageViolations);
