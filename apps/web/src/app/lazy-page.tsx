import { lazy } from 'react';
import type { ComponentType } from 'react';

/** React.lazy for a named export: `lazyPage(() => import('…').then((m) => m.Page))`. */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

/**
 * lazyPage for a part built of antd components: antd's theme and App context load with it, in
 * parallel, so the shell and /home carry no antd at all (docs/frontend-performance.md).
 */
export function lazyAntdPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [{ AntdScope }, Part] = await Promise.all([
      import('./antd-scope'),
      load(),
      import('./antd-locale').then(({ loadAntdLocale }) => loadAntdLocale()),
    ]);
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
