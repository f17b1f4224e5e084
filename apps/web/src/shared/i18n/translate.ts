import { validationMessagesFrCA } from '@meridian/domain/i18n/validation-messages.fr-CA';
import {
  validationMessages,
  type ValidationMessageKey,
} from '@meridian/domain/validation-messages';
import { en } from './en';
import type { TextKey } from './en';
import { frCA } from './fr-CA';
import { currentLocale } from './locale';

type Params = Record<string, string | number>;

/** A catalogue's translation: the same keys, each a text (a missing key is a type error). */
export type Translation<Texts> = { readonly [Key in keyof Texts]: string };

function fill(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

/** Looks a text of the first pages up (`en.ts`, `fr-CA.ts`) and fills its `{name}` placeholders. */
export function t(key: TextKey, params?: Params): string {
  return fill((currentLocale() === 'fr-CA' ? frCA : en)[key], params);
}

/**
 * A feature's `t`: it knows the feature's own texts and those of the first pages, in both
 * languages. A feature's texts live in its `<feature>.texts.ts` and `<feature>.texts.fr-CA.ts`,
 * so they load with the feature (docs/frontend-performance.md).
 */
export function defineTexts<const Texts extends Record<string, string>>(
  // A feature names its own texts; it cannot redefine one of the first pages'.
  texts: Texts & Partial<Record<TextKey, never>>,
  french: Translation<Texts>,
) {
  const english: Readonly<Record<string, string>> = { ...en, ...texts };
  const frenchAll: Readonly<Record<string, string>> = { ...frCA, ...french };
  const featureT = (key: TextKey | Extract<keyof Texts, string>, params?: Params): string => {
    const catalogue = currentLocale() === 'fr-CA' ? frenchAll : english;
    return fill(catalogue[key] ?? key, params);
  };
  // Both languages' own texts, for the test that every key is in both (catalogues.test.ts).
  return Object.assign(featureT, { catalogues: { en: texts, 'fr-CA': french } });
}

/**
 * A validation message of spec "Validation rules" in the console's language: the English stays
 * the spec's words; the French is the domain's, which the server answers with too.
 */
export function validationText(key: ValidationMessageKey): string {
  return (currentLocale() === 'fr-CA' ? validationMessagesFrCA : validationMessages)[key];
}
