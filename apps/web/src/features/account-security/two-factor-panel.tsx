import type { TwoFactorSetup } from '@meridian/domain/auth/account-security';
import { Alert, Button, Form, Input, QRCode, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { CopyField } from '../../shared/components/copy-field';
import { t as shared } from '../../shared/i18n/translate';
import { notify } from '../../shared/notifications/notify';
import { t } from './account-security.texts';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useSetUpTwoFactor,
  useTwoFactorStatus,
} from './api/two-factor';
import { failureReason } from './failure-reason';
import { RecoveryCodesView } from './recovery-codes';

const codeRule = () => ({
  required: true,
  whitespace: true,
  message: t('security.twoFactor.code'),
});

function refused(error: unknown) {
  notify.error(t('security.twoFactor.failed'), failureReason(error, shared('error.tryAgain')));
}

/** Setup (QR code and secret, then a first code), the recovery codes once, and turning it off. */
export function TwoFactorPanel() {
  const status = useTwoFactorStatus();
  const setUp = useSetUpTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) {
    return <RecoveryCodesView codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  }
  if (status.isPending) return <Skeleton active />;
  if (status.data?.enabled) return <DisableForm />;
  if (setup) {
    return (
      <EnableStep
        setup={setup}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
      />
    );
  }
  return (
    <>
      <Typography.Paragraph>{t('security.twoFactor.off')}</Typography.Paragraph>
      <Button
        type="primary"
        loading={setUp.isPending}
        onClick={() => setUp.mutateAsync().then(setSetup, refused)}
      >
        {t('security.twoFactor.setUp')}
      </Button>
    </>
  );
}

function EnableStep({
  setup,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
}) {
  const enable = useEnableTwoFactor();
  const submit = ({ code }: { code: string }) =>
    enable
      .mutateAsync(code.trim())
      .then(({ recovery_codes }) => onEnabled(recovery_codes), refused);
  return (
    <Form<{ code: string }>
      name="enable-two-factor"
      layout="vertical"
      onFinish={(values) => void submit(values)}
    >
      <Typography.Paragraph>{t('security.twoFactor.scan')}</Typography.Paragraph>
      <QRCode
        value={setup.otpauth_url}
        type="svg"
        size={176}
        aria-label={t('security.twoFactor.qrLabel')}
        data-testid="two-factor-qr"
      />
      <div style={{ margin: '16px 0' }}>
        <CopyField
          value={setup.secret}
          testId="two-factor-secret"
          texts={{
            label: t('security.twoFactor.secret'),
            copy: t('security.twoFactor.copySecret'),
            copied: t('security.twoFactor.secretCopied'),
            copyFailed: t('security.copyFailed'),
          }}
        />
      </div>
      <Form.Item name="code" label={t('security.twoFactor.code')} rules={[codeRule()]}>
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={enable.isPending}>
        {t('security.twoFactor.enable')}
      </Button>
    </Form>
  );
}

function DisableForm() {
  const disable = useDisableTwoFactor();
  const [form] = Form.useForm<{ password: string; code: string }>();
  const submit = (values: { password: string; code: string }) =>
    disable.mutateAsync(values).then(() => {
      form.resetFields();
      notify.success(t('security.twoFactor.disabled'));
    }, refused);
  return (
    <Form
      form={form}
      name="disable-two-factor"
      layout="vertical"
      onFinish={(values) => void submit(values)}
    >
      <Alert
        type="success"
        showIcon
        title={t('security.twoFactor.on')}
        style={{ marginBottom: 16 }}
      />
      <Form.Item
        name="password"
        label={t('security.twoFactor.password')}
        rules={[{ required: true, message: t('security.twoFactor.password') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="code" label={t('security.twoFactor.codeOrRecovery')} rules={[codeRule()]}>
        <Input autoComplete="one-time-code" />
      </Form.Item>
      <Button danger htmlType="submit" loading={disable.isPending}>
        {t('security.twoFactor.disable')}
      </Button>
    </Form>
  );
}
