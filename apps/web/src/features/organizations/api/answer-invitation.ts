import { organizationSchema } from '@meridian/domain/auth/organization';
import { statusResultSchema } from '@meridian/domain/operation-result';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { organizationsKey } from '../../../shared/api/organizations-list';

export type InvitationAnswer = 'accept' | 'decline';

/** POST /auth/invitations/{uuid}/accept (answers the organisation joined) or /decline. */
export async function answerInvitation({
  uuid,
  answer,
}: {
  uuid: string;
  answer: InvitationAnswer;
}): Promise<void> {
  const path = `${apiPaths.auth}/invitations/${encodeURIComponent(uuid)}/${answer}`;
  const schema = answer === 'accept' ? organizationSchema : statusResultSchema;
  await apiClient.post(path, undefined, { schema });
}

export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerInvitation,
    // Accepting adds an organisation (and maybe its shared smart cluster), declining drops a row.
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationsKey }),
  });
}
