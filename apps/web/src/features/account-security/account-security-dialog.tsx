import { Modal, Tabs } from 'antd';
import { t } from './account-security.texts';
import { ChangePasswordForm } from './change-password-form';
import { TwoFactorPanel } from './two-factor-panel';

/** Account menu → Password and two-factor: change the password; set up or turn off TOTP. */
export function AccountSecurityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title={t('security.title')}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Tabs
        items={[
          {
            key: 'password',
            label: t('security.tab.password'),
            children: <ChangePasswordForm />,
          },
          {
            key: 'two-factor',
            label: t('security.tab.twoFactor'),
            children: <TwoFactorPanel />,
          },
        ]}
      />
    </Modal>
  );
}
