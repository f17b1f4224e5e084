import { lazy } from 'react';
import type { ComponentType } from 'react';
import { prepareLocale } from '../shared/i18n/locale';

/** React.lazy for a named export: `lazyPage(() => import('…').then((m) => m.Page))`. */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const Page = await load();
    // The page's texts registered as its code loaded: a French reader's arrive before it shows.
    await prepareLocale();
    return { default: Page };
  });
}

/**
 * lazyPage for a part built of antd components: antd's theme and App context load with it, in
 * parallel, so the shell and /home carry no antd at all (docs/frontend-performance.md).
 */
export function lazyAntdPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [{ AntdScope }, Part] = await Promise.all([import('./antd-scope'), load()]);
    // antd's words (antd-locale.ts, imported by antd-scope) and the part's texts, in French.
    await prepareLocale();
    function ScopedPart(props: P) {
      return (
        <AntdScope>
          <Part {...props} />
        </AntdScope>
      );
    }
    return { default: ScopedPart };
  });
}
