import { validationText } from '../../shared/i18n/translate';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../shared/api/api-error';
import { t } from './keypair.texts';
import { downloadTextFile } from '../../shared/lib/download-file';
import { notify } from '../../shared/notifications/notify';
import { useCreatePrivateKey } from './api/create-private-key';
import type { KeypairCredentials } from './api/create-private-key';
import { publicKeyQueryOptions } from './api/get-public-key';

export const PRIVATE_KEY_FILENAME = 'id_ed25519';
export const PUBLIC_KEY_FILENAME = 'id_ed25519.pub';
const KEY_FILE_TYPE = 'application/octet-stream';
// One notice for the dialog: a success replaces the failure of the attempt before.
const notice = { key: 'keypair' };

/** Says why the verification failed when the server told; otherwise the usual retry hint. */
function privateKeyFailureHint(error: unknown): string {
  if (isApiError(error) && error.status === 401) return t('keypair.wrongCredentials');
  if (isApiError(error) && error.status === 429) return t('keypair.tooManyAttempts');
  return t('error.tryAgain');
}

/** Keypair download behind a verification step: username and password again (spec "Screens and routes", "Roles and permissions"). */
export function KeypairDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const createPrivateKey = useCreatePrivateKey();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<KeypairCredentials>();
  // Emptied as it closes, not once its closing animation ends: reopened at once, it is blank.
  const close = () => {
    form.resetFields();
    onClose();
  };

  async function download(values: KeypairCredentials) {
    setBusy(true);
    try {
      let privateKey: string;
      try {
        privateKey = await createPrivateKey.mutateAsync(values);
      } catch (error) {
        notify.error(t('keypair.privateKeyFailed'), privateKeyFailureHint(error), notice);
        return;
      }
      let publicKey: string;
      try {
        publicKey = await queryClient.fetchQuery(publicKeyQueryOptions());
      } catch {
        notify.error(t('keypair.publicKeyFailed'), t('error.tryAgain'), notice);
        return;
      }
      // Binary type: as text/plain, browsers save the private key as id_ed25519.txt.
      downloadTextFile(PRIVATE_KEY_FILENAME, privateKey, KEY_FILE_TYPE);
      downloadTextFile(PUBLIC_KEY_FILENAME, publicKey, KEY_FILE_TYPE);
      notify.success(t('keypair.downloaded'), t('keypair.downloadedDescription'), notice);
      close();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('keypair.title')}
      okText={t('keypair.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: busy }}
      onCancel={close}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<KeypairCredentials>
          form={form}
          name="keypair"
          layout="vertical"
          requiredMark={false}
          clearOnDestroy
          onFinish={(values) => void download(values)}
        >
          {dialog}
        </Form>
      )}
    >
      <Typography.Paragraph type="secondary">{t('keypair.intro')}</Typography.Paragraph>
      <Form.Item
        label={t('login.username')}
        name="username"
        rules={[{ required: true, whitespace: true, message: validationText('username') }]}
      >
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item
        label={t('login.password')}
        name="password"
        rules={[{ required: true, message: validationText('password') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
    </Modal>
  );
}
