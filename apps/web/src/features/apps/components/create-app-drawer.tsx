import { ComingSoon } from '../../../shared/components/coming-soon';
import { SideDrawer } from '../../../shared/components/side-drawer';
import { t } from '../../../shared/i18n/translate';

export function CreateAppDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <SideDrawer title={t('create.app.title')} open={open} onClose={onClose}>
      <ComingSoon intro={t('create.app.intro')} />
    </SideDrawer>
  );
}
