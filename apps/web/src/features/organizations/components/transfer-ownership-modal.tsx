import type { Organization } from '@meridian/domain/auth/organization';
import { Alert, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { notify } from '../../../shared/notifications/notify';
import { useTransferOwnership } from '../api/manage-members';
import { t } from '../organizations.texts';
import { notifyFailure } from './failure-sentence';
import styles from '../organizations-page.module.css';

interface TransferOwnershipModalProps {
  organization: Organization;
  /** The caller, who steps down to admin. */
  userId: string;
  open: boolean;
  onClose: () => void;
}

/** Pick the member who becomes owner; confirming makes them owner, then the caller an admin. */
export function TransferOwnershipModal(props: TransferOwnershipModalProps) {
  const { organization, userId, open, onClose } = props;
  const transfer = useTransferOwnership();
  const [chosen, setChosen] = useState<string>();
  const candidates = organization.members.filter((member) => member.user_uuid !== userId);
  const successor = candidates.find((member) => member.user_uuid === chosen);

  const confirm = async () => {
    if (!successor) return;
    try {
      await transfer.mutateAsync({
        organizationUuid: organization.uuid,
        fromUserUuid: userId,
        toUserUuid: successor.user_uuid,
      });
      notify.success(
        t('transfer.done', { organization: organization.name, username: successor.username }),
      );
      onClose();
    } catch (error) {
      notifyFailure(t('transfer.failed'), error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('transfer.title', { organization: organization.name })}
      okText={t('transfer.submit')}
      okButtonProps={{ danger: true, disabled: !successor }}
      cancelText={t('common.cancel')}
      confirmLoading={transfer.isPending}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('transfer.intro')}</Typography.Paragraph>
      <Select
        className={styles.successor}
        value={chosen}
        onChange={setChosen}
        placeholder={t('transfer.placeholder')}
        aria-label={t('transfer.member')}
        options={candidates.map((member) => ({ value: member.user_uuid, label: member.username }))}
        notFoundContent={t('transfer.nobody')}
      />
      {successor ? (
        <Alert
          className={styles.outcome}
          type="warning"
          showIcon
          title={t('transfer.confirm', {
            username: successor.username,
            organization: organization.name,
          })}
        />
      ) : null}
    </Modal>
  );
}
