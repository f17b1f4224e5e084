import { describe, expect, it } from 'vitest';
import { defineTexts, t } from './translate';

describe('t', () => {
  it('looks the first pages’ texts up', () => {
    expect(t('login.submit')).toBe('Log in');
    expect(t('menu.apiKeys')).toBe('API Keys');
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(t('map.datacenterTraffic', { name: 'Tokyo', value: 12 })).toBe(
      'Tokyo: 12 requests per minute',
    );
    expect(t('map.datacenterTraffic', { name: 'Tokyo' })).toBe(
      'Tokyo: {value} requests per minute',
    );
  });
});

describe('defineTexts', () => {
  const featureT = defineTexts({ 'sample.greeting': 'Hello {name}' });

  it('knows the feature’s texts and the first pages’ texts', () => {
    expect(featureT('sample.greeting', { name: 'Ada' })).toBe('Hello Ada');
    expect(featureT('login.submit')).toBe('Log in');
  });

  it('does not let a feature redefine a text of the first pages (a type error)', () => {
    // @ts-expect-error: 'common.cancel' belongs to the first pages.
    defineTexts({ 'common.cancel': 'Stop' });
    expect(t('common.cancel')).toBe('Cancel');
  });

  it('keeps a feature’s texts out of the first pages’ catalogue', () => {
    // @ts-expect-error: the shell's `t` does not know a feature's keys.
    expect(t('sample.greeting')).toBeUndefined();
  });
});
