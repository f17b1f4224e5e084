import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from './locale';
import { defineTexts, t, validationText } from './translate';

afterEach(() => setLocale('en'));

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

  it('speaks the language chosen now', () => {
    setLocale('fr-CA');
    expect(t('login.submit')).toBe('Se connecter');
    expect(validationText('username')).toBe('Veuillez entrer un nom d’utilisateur');
    setLocale('en');
    expect(t('login.submit')).toBe('Log in');
    expect(validationText('username')).toBe('Please enter a username');
  });
});

describe('defineTexts', () => {
  const featureT = defineTexts(
    { 'sample.greeting': 'Hello {name}' },
    { 'sample.greeting': 'Bonjour {name}' },
  );

  it('knows the feature’s texts and the first pages’ texts, in both languages', () => {
    expect(featureT('sample.greeting', { name: 'Ada' })).toBe('Hello Ada');
    expect(featureT('login.submit')).toBe('Log in');
    setLocale('fr-CA');
    expect(featureT('sample.greeting', { name: 'Ada' })).toBe('Bonjour Ada');
    expect(featureT('login.submit')).toBe('Se connecter');
  });

  it('does not let a feature redefine a text of the first pages (a type error)', () => {
    // @ts-expect-error: 'common.cancel' belongs to the first pages.
    defineTexts({ 'common.cancel': 'Stop' }, { 'common.cancel': 'Arrêter' });
    expect(t('common.cancel')).toBe('Cancel');
  });

  it('wants every text in French too (a type error)', () => {
    // @ts-expect-error: 'sample.bye' has no French.
    defineTexts({ 'sample.hi': 'Hi', 'sample.bye': 'Bye' }, { 'sample.hi': 'Salut' });
  });

  it('keeps a feature’s texts out of the first pages’ catalogue', () => {
    // @ts-expect-error: the shell's `t` does not know a feature's keys.
    expect(t('sample.greeting')).toBeUndefined();
  });
});
