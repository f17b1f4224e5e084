import {
  validationMessages,
  type ValidationMessageKey,
} from '@meridian/domain/validation-messages';
import { en } from './en';
import type { TextKey } from './en';
import { currentLocale, localeTextsArrived, prepareLocaleWith } from './locale';

type Params = Record<string, string | number>;

/** A catalogue's translation: the same keys, each a text (a missing key is a type error). */
export type Translation<Texts> = { readonly [Key in keyof Texts]: string };

function fill(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

type Catalogue = Readonly<Record<string, string>>;

/**
 * The French of the first pages and of each feature loaded so far. French comes in its own
 * chunks, fetched only for a French reader: an English one never loads it (docs/i18n.md).
 */
let shellFrench: Catalogue | undefined;
const frenchLoads = new Set<() => Promise<void>>();

frenchLoads.add(async () => {
  shellFrench ??= (await import('./fr-CA')).frCA;
});

/**
 * The spec's validation messages in French. /home has no form: they load with the first part
 * that has forms (`app/antd-locale.ts` prepares them) or the first message asked for.
 */
let validationFrench: Readonly<Record<ValidationMessageKey, string>> | undefined;
let validationLoading: Promise<void> | undefined;

export function loadValidationFrench(): Promise<void> {
  validationLoading ??= import('@meridian/domain/i18n/validation-messages.fr-CA').then(
    (module) => {
      validationFrench = module.validationMessagesFrCA;
    },
    (error: unknown) => {
      validationLoading = undefined;
      throw error;
    },
  );
  return validationLoading;
}

prepareLocaleWith(async (locale) => {
  if (locale === 'fr-CA') await Promise.all([...frenchLoads].map((load) => load()));
});

/** A text in French when that is the language and its catalogue is here, else in English. */
function inLanguage<T>(french: T | undefined, english: T): T {
  return currentLocale() === 'fr-CA' && french !== undefined ? french : english;
}

/** Looks a text of the first pages up (`en.ts`, `fr-CA.ts`) and fills its `{name}` placeholders. */
export function t(key: TextKey, params?: Params): string {
  return fill(inLanguage(shellFrench?.[key], en[key]), params);
}

/**
 * A feature's `t`: it knows the feature's own texts and those of the first pages, in both
 * languages. A feature's texts live in its `<feature>.texts.ts`; its French, in
 * `<feature>.texts.fr-CA.ts`, loads when a French reader first needs it.
 */
export function defineTexts<const Texts extends Record<string, string>>(
  // A feature names its own texts; it cannot redefine one of the first pages'.
  texts: Texts & Partial<Record<TextKey, never>>,
  loadFrench: () => Promise<Translation<Texts>>,
) {
  const english: Catalogue = texts;
  let french: Catalogue | undefined;
  let loading: Promise<void> | undefined;
  const load = () =>
    (loading ??= loadFrench().then(
      (catalogue) => {
        french = catalogue;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  frenchLoads.add(load);
  const featureT = (key: TextKey | Extract<keyof Texts, string>, params?: Params): string => {
    // A feature reached before its French was prepared shows English until it arrives.
    if (currentLocale() === 'fr-CA' && !loading) load().then(localeTextsArrived, () => undefined);
    const own = english[key];
    if (own === undefined) return t(key as TextKey, params);
    return fill(inLanguage(french?.[key], own), params);
  };
  // Both languages' own texts, for the test that every key is in both (catalogues.test.ts).
  return Object.assign(featureT, { english: texts, loadFrench });
}

/**
 * A validation message of spec "Validation rules" in the console's language: the English stays
 * the spec's words; the French is the domain's, which the server answers with too.
 */
export function validationText(key: ValidationMessageKey): string {
  if (currentLocale() === 'fr-CA' && !validationLoading) {
    loadValidationFrench().then(localeTextsArrived, () => undefined);
  }
  return inLanguage(validationFrench?.[key], validationMessages[key]);
}
