import { lazy, Suspense } from 'react';
import type { VersionDiffModalProps } from './version-diff-modal';

// The diff library and view load only when a comparison is opened.
const VersionDiffModal = lazy(() =>
  import('./version-diff-modal').then((module) => ({ default: module.VersionDiffModal })),
);

/** The comparison modal, fetched on first use. */
export function LazyVersionDiffModal(props: VersionDiffModalProps) {
  return (
    <Suspense fallback={null}>
      <VersionDiffModal {...props} />
    </Suspense>
  );
}
