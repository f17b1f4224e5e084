import { changePasswordSchema } from '@meridian/domain/auth/account-security';
import { Button, Form, Input, Typography } from 'antd';
import { t as shared, validationText } from '../../shared/i18n/translate';
import { notify } from '../../shared/notifications/notify';
import { t } from './account-security.texts';
import { useChangePassword } from './api/change-password';
import { failureReason } from './failure-reason';

interface PasswordValues {
  current_password: string;
  new_password: string;
  confirm: string;
}

// The same rule as the server's, from the domain schema.
const newPasswordRule = {
  validator: (_rule: unknown, value: unknown) => {
    const result = changePasswordSchema.shape.new_password.safeParse(value ?? '');
    return result.success
      ? Promise.resolve()
      : Promise.reject(new Error(result.error.issues[0]?.message ?? ''));
  },
};

/** Current password, the new one twice; on success the other sessions are signed out. */
export function ChangePasswordForm() {
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();

  const submit = async ({ current_password, new_password }: PasswordValues) => {
    try {
      await change.mutateAsync({ current_password, new_password });
      form.resetFields();
      notify.success(t('security.password.changed'), t('security.password.changedDescription'));
    } catch (error) {
      notify.error(t('security.password.failed'), failureReason(error, shared('error.tryAgain')));
    }
  };

  return (
    <Form<PasswordValues>
      form={form}
      name="change-password"
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void submit(values)}
    >
      <Typography.Paragraph type="secondary">{t('security.password.intro')}</Typography.Paragraph>
      <Form.Item
        name="current_password"
        label={t('security.password.current')}
        rules={[{ required: true, message: validationText('password') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="new_password" label={t('security.password.new')} rules={[newPasswordRule]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('security.password.confirm')}
        dependencies={['new_password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_rule, value) =>
              value === getFieldValue('new_password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('security.password.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('security.password.submit')}
      </Button>
    </Form>
  );
}
