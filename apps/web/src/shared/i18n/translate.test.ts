import { afterEach, describe, expect, it, vi } from 'vitest';
import { localeRevision, setLocale } from './locale';
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

  it('speaks the language chosen now, once its catalogue is loaded', async () => {
    await setLocale('fr-CA');
    expect(t('login.submit')).toBe('Se connecter');
    // Validation messages come with the first form, or, as here, the first one asked for.
    validationText('username');
    await vi.waitFor(() =>
      expect(validationText('username')).toBe('Veuillez entrer un nom d’utilisateur'),
    );
    await setLocale('en');
    expect(t('login.submit')).toBe('Log in');
    expect(validationText('username')).toBe('Please enter a username');
  });
});

describe('defineTexts', () => {
  const featureT = defineTexts({ 'sample.greeting': 'Hello {name}' }, () =>
    Promise.resolve({ 'sample.greeting': 'Bonjour {name}' }),
  );

  it('knows the feature’s texts and the first pages’ texts, in both languages', async () => {
    expect(featureT('sample.greeting', { name: 'Ada' })).toBe('Hello Ada');
    expect(featureT('login.submit')).toBe('Log in');
    await setLocale('fr-CA');
    expect(featureT('sample.greeting', { name: 'Ada' })).toBe('Bonjour Ada');
    expect(featureT('login.submit')).toBe('Se connecter');
  });

  it('does not let a feature redefine a text of the first pages (a type error)', () => {
    // @ts-expect-error: 'common.cancel' belongs to the first pages.
    defineTexts({ 'common.cancel': 'Stop' }, () => Promise.resolve({ 'common.cancel': 'Arrêter' }));
    expect(t('common.cancel')).toBe('Cancel');
  });

  it('wants every text in French too (a type error)', () => {
    const onlyHi = () => Promise.resolve({ 'sample.hi': 'Salut' });
    // @ts-expect-error: 'sample.bye' has no French.
    defineTexts({ 'sample.hi': 'Hi', 'sample.bye': 'Bye' }, onlyHi);
  });

  it('loads a feature’s French when a French reader first meets it, then renders again', async () => {
    await setLocale('fr-CA');
    // A feature whose code arrives after the switch, not through a page that prepares it.
    const lateT = defineTexts({ 'late.hello': 'Hello' }, () =>
      Promise.resolve({ 'late.hello': 'Bonjour' }),
    );
    const before = localeRevision();
    expect(lateT('late.hello')).toBe('Hello');
    await vi.waitFor(() => expect(localeRevision()).toBeGreaterThan(before));
    expect(lateT('late.hello')).toBe('Bonjour');
  });

  it('keeps a feature’s texts out of the first pages’ catalogue', () => {
    // @ts-expect-error: the shell's `t` does not know a feature's keys.
    expect(t('sample.greeting')).toBeUndefined();
  });
});
