import { describe, expect, it } from 'vitest';
import { t } from './translate';

describe('t', () => {
  it('looks texts up', () => {
    expect(t('login.submit')).toBe('Log in');
    expect(t('menu.apiKeys')).toBe('API Keys');
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(t('terms.app', { appName: 'a-1' })).toBe('These terms apply to the app a-1.');
    expect(t('terms.app', {})).toBe('These terms apply to the app {appName}.');
  });
});
