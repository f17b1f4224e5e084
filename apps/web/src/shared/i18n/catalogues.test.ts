import { describe, expect, it } from 'vitest';
import { en } from './en';
import { frCA } from './fr-CA';

type Catalogue = Readonly<Record<string, string>>;

interface FeatureTexts {
  t: { english: Catalogue; loadFrench: () => Promise<Catalogue> };
}

// Every feature's texts, in both languages (issue 40).
const features = import.meta.glob<FeatureTexts>('../../features/**/*.texts.ts', { eager: true });

const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();

function expectSameKeys(english: Catalogue, french: Catalogue) {
  expect(Object.keys(french).sort()).toEqual(Object.keys(english).sort());
  for (const [key, text] of Object.entries(english)) {
    expect(french[key], key).toBeTruthy();
    expect(placeholders(french[key]!), key).toEqual(placeholders(text));
  }
}

describe('every text exists in English and in French', () => {
  it('the first pages', () => {
    expectSameKeys(en, frCA);
  });

  it.each(Object.keys(features))('%s', async (file) => {
    const { english, loadFrench } = features[file]!.t;
    expectSameKeys(english, await loadFrench());
  });

  it('finds every feature', () => {
    expect(Object.keys(features).length).toBeGreaterThanOrEqual(16);
  });
});
