import type { Invitation } from '@meridian/domain/auth/invitation';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { isApiError } from '../../../shared/api/api-error';
import { notify } from '../../../shared/notifications/notify';
import { useAnswerInvitation, type InvitationAnswer } from '../api/answer-invitation';
import { useInvitations } from '../api/get-invitations';
import { t } from '../organizations.texts';
import { roleLabel } from './role-label';
import styles from '../organizations-page.module.css';

/** The invitations the user has not answered: each with Accept and Decline. Nothing when none. */
export function InvitationList() {
  const invitations = useInvitations();
  const answer = useAnswerInvitation();

  const reply = async (invitation: Invitation, choice: InvitationAnswer) => {
    const organization = invitation.organization_name;
    try {
      await answer.mutateAsync({ uuid: invitation.uuid, answer: choice });
      const done = choice === 'accept' ? 'invitations.accepted' : 'invitations.declined';
      notify.success(t(done, { organization }));
    } catch (error) {
      const reason = isApiError(error) && error.status < 500 ? error.message : undefined;
      notify.error(t('invitations.answerFailed', { organization }), reason ?? t('error.tryAgain'));
    }
  };

  if (invitations.isError) {
    return (
      <Alert
        type="error"
        showIcon
        className={styles.section}
        title={t('invitations.fetchFailed')}
        description={t('error.contactSupport')}
      />
    );
  }
  const list = invitations.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className={styles.section} aria-label={t('invitations.title')}>
      <Typography.Title level={2} className={styles.sectionTitle}>
        {t('invitations.title')}
      </Typography.Title>
      <div className={styles.stack}>
        {list.map((invitation) => {
          const organization = invitation.organization_name;
          const busy = answer.isPending && answer.variables?.uuid === invitation.uuid;
          return (
            <Card
              key={invitation.uuid}
              variant="borderless"
              className={styles.card}
              data-testid="invitation"
            >
              <div className={styles.invitation}>
                <Typography.Text>
                  {t('invitations.text', {
                    inviter: invitation.invited_by,
                    organization,
                    role: roleLabel(invitation.role).toLowerCase(),
                  })}
                </Typography.Text>
                <Space>
                  <Button
                    type="primary"
                    loading={busy && answer.variables?.answer === 'accept'}
                    disabled={busy}
                    aria-label={t('invitations.accept.ariaLabel', { organization })}
                    onClick={() => void reply(invitation, 'accept')}
                  >
                    {t('invitations.accept')}
                  </Button>
                  <Button
                    loading={busy && answer.variables?.answer === 'decline'}
                    disabled={busy}
                    aria-label={t('invitations.decline.ariaLabel', { organization })}
                    onClick={() => void reply(invitation, 'decline')}
                  >
                    {t('invitations.decline')}
                  </Button>
                </Space>
              </div>
            </Card>
          );
        })}
      </div>
    </section>
  );
}
