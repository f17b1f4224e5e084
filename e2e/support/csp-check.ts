import { afterAll, afterEach } from 'vitest';
import { takeCspViolations } from './csp-violations';

/** Fails the test (or the file's hooks) during which a page broke its Content Security Policy. */
function failOnCspViolations(): void {
  const violations = takeCspViolations();
  if (violations.length > 0) {
    throw new Error(`Content Security Policy violations:\n${violations.join('\n')}`);
  }
}

// A setup file of every e2e file (vitest.config.ts), so no suite can forget the check.
afterEach(failOnCspViolations);
afterAll(failOnCspViolations);
