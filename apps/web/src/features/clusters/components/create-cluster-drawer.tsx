import { lazy, Suspense, useState } from 'react';

// The form (antd Form, Select, Upload and the domain schemas) loads the first time it opens,
// so the signed-in shell does not wait for it.
const ClusterFormDrawer = lazy(() =>
  import('./cluster-form-drawer').then((m) => ({ default: m.ClusterFormDrawer })),
);

/** Create menu → Cluster, and the Smart clusters page's button. */
export function CreateClusterDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Once opened it stays mounted, so closing animates like every other drawer.
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <ClusterFormDrawer open={open} onClose={onClose} />
    </Suspense>
  ) : null;
}
