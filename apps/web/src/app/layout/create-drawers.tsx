import { Suspense, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { createDrawerClosed, selectCreateDrawer } from '../../shared/store/ui.slice';
import type { CreateDrawerKind } from '../../shared/store/ui.slice';
import { lazyAntdPart } from '../lazy-page';

// Each drawer (its forms, YAML editor and upload) loads when first opened, not with the layout.
const CreateClusterDrawer = lazyAntdPart(() =>
  import('../../features/clusters/components/create-cluster-drawer').then(
    (m) => m.CreateClusterDrawer,
  ),
);
const CreateAppDrawer = lazyAntdPart(() =>
  import('../../features/apps/components/create-app-drawer').then((m) => m.CreateAppDrawer),
);
const CreateDomainDrawer = lazyAntdPart(() =>
  import('../../features/domains/components/create-domain-drawer').then(
    (m) => m.CreateDomainDrawer,
  ),
);

/** The three creation drawers; which one is open is UI state, so any screen can open one. */
export function CreateDrawers() {
  const dispatch = useDispatch();
  const open = useSelector(selectCreateDrawer);
  const close = () => dispatch(createDrawerClosed());
  // A drawer once opened stays mounted, so it closes with its animation and keeps its draft.
  const opened = useRef(new Set<CreateDrawerKind>());
  if (open) opened.current.add(open);
  const shows = (kind: CreateDrawerKind) => opened.current.has(kind);

  return (
    <Suspense fallback={null}>
      {shows('cluster') ? <CreateClusterDrawer open={open === 'cluster'} onClose={close} /> : null}
      {shows('app') ? <CreateAppDrawer open={open === 'app'} onClose={close} /> : null}
      {shows('domain') ? <CreateDomainDrawer open={open === 'domain'} onClose={close} /> : null}
    </Suspense>
  );
}
