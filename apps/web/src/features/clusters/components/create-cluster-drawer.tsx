import { ComingSoon } from '../../../shared/components/coming-soon';
import { SideDrawer } from '../../../shared/components/side-drawer';
import { t } from '../../../shared/i18n/translate';

export function CreateClusterDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <SideDrawer title={t('create.cluster.title')} open={open} onClose={onClose}>
      <ComingSoon intro={t('create.cluster.intro')} note={t('create.cluster.duration')} />
    </SideDrawer>
  );
}
