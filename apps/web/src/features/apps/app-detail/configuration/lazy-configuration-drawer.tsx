import { lazy, Suspense } from 'react';
import type { ConfigurationDrawerProps } from './configuration-drawer';

// The Basic form's sections load only when Edit configuration is first opened.
const ConfigurationDrawer = lazy(() =>
  import('./configuration-drawer').then((module) => ({ default: module.ConfigurationDrawer })),
);

/** The Edit configuration drawer, fetched on first use. */
export function LazyConfigurationDrawer(props: ConfigurationDrawerProps) {
  return (
    <Suspense fallback={null}>
      <ConfigurationDrawer {...props} />
    </Suspense>
  );
}
