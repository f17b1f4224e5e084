import { en } from './en';
import type { TextKey } from './en';

type Params = Record<string, string | number>;

function fill(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

/** Looks a text of the first pages up (`en.ts`) and fills its `{name}` placeholders. */
export function t(key: TextKey, params?: Params): string {
  return fill(en[key], params);
}

/**
 * A feature's `t`: it knows the feature's own texts and those of the first pages. A feature's
 * texts live in its `<feature>.texts.ts`, so they load with the feature (docs/frontend-performance.md).
 */
export function defineTexts<const Texts extends Record<string, string>>(
  // A feature names its own texts; it cannot redefine one of the first pages'.
  texts: Texts & Partial<Record<TextKey, never>>,
) {
  const catalogue: Readonly<Record<string, string>> = { ...en, ...texts };
  return (key: TextKey | Extract<keyof Texts, string>, params?: Params): string =>
    fill(catalogue[key] ?? key, params);
}
