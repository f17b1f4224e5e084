import { addMemberSchema, type OrganizationRole } from '@meridian/domain/auth/organization';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useInviteMember } from '../api/invite-member';
import { t } from '../organizations.texts';
import { grantableRoles, roleLabel } from './role-label';
import styles from '../organizations-page.module.css';

interface InviteValues {
  username: string;
  role: OrganizationRole;
}

// The same rule as the server's, from the domain schema.
const usernameRule = {
  validator: (_rule: unknown, value: unknown) => {
    const result = addMemberSchema.shape.username.safeParse(value ?? undefined);
    return result.success
      ? Promise.resolve()
      : Promise.reject(new Error(result.error.issues[0]?.message ?? ''));
  },
};

type Outcome = { kind: 'success' | 'error'; title: string; description?: string } | null;

function failure(error: unknown): Outcome {
  // A refusal in words (throttled, not an admin any more) is shown as the server says it.
  const said = isApiError(error) && error.status >= 400 && error.status < 500;
  const description = said
    ? [error.message, ...error.errors].filter(Boolean).join(' ')
    : t('error.tryAgain');
  return { kind: 'error', title: t('invite.failed'), description };
}

/**
 * An admin's form to invite a member by username. It says an invitation was sent, never whether
 * the username exists: the server answers both alike.
 */
export function InviteMemberForm({
  organizationUuid,
  role: callerRole,
}: {
  organizationUuid: string;
  /** The inviter's role: only an owner offers the owner role. */
  role: OrganizationRole;
}) {
  const [form] = Form.useForm<InviteValues>();
  const invite = useInviteMember();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async ({ username, role }: InviteValues) => {
    setOutcome(null);
    try {
      const sent = await invite.mutateAsync({ organizationUuid, username, role });
      // The server's sentence: sent, and what happens next, without saying who exists.
      setOutcome({ kind: 'success', title: sent.message });
      form.resetFields(['username']);
    } catch (error) {
      setOutcome(failure(error));
    }
  };

  return (
    <div className={styles.invite}>
      <Form<InviteValues>
        form={form}
        layout="inline"
        initialValues={{ role: 'developer' }}
        onFinish={(values) => void submit(values)}
        aria-label={t('invite.title')}
        className={styles.inviteForm}
      >
        <Form.Item name="username" label={t('invite.username')} rules={[usernameRule]}>
          <Input
            maxLength={50}
            autoComplete="off"
            placeholder={t('invite.usernamePlaceholder')}
            className={styles.username}
          />
        </Form.Item>
        <Form.Item name="role" label={t('invite.role')}>
          <Select
            className={styles.role}
            options={grantableRoles(callerRole).map((role) => ({
              value: role,
              label: roleLabel(role),
            }))}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={invite.isPending}>
            {t('invite.submit')}
          </Button>
        </Form.Item>
      </Form>
      {outcome ? (
        <Alert
          type={outcome.kind}
          showIcon
          role={outcome.kind === 'error' ? 'alert' : 'status'}
          className={styles.outcome}
          title={outcome.title}
          description={outcome.description}
          data-testid="invite-outcome"
        />
      ) : null}
    </div>
  );
}
