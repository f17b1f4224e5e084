import { useDispatch, useSelector } from 'react-redux';
import { CreateAppDrawer } from '../../features/apps/components/create-app-drawer';
import { CreateClusterDrawer } from '../../features/clusters/components/create-cluster-drawer';
import { CreateDomainDrawer } from '../../features/domains/components/create-domain-drawer';
import { createDrawerClosed, selectCreateDrawer } from '../../shared/store/ui.slice';

/** The three creation drawers; which one is open is UI state, so any screen can open one. */
export function CreateDrawers() {
  const dispatch = useDispatch();
  const open = useSelector(selectCreateDrawer);
  const close = () => dispatch(createDrawerClosed());
  return (
    <>
      <CreateClusterDrawer open={open === 'cluster'} onClose={close} />
      <CreateAppDrawer open={open === 'app'} onClose={close} />
      <CreateDomainDrawer open={open === 'domain'} onClose={close} />
    </>
  );
}
