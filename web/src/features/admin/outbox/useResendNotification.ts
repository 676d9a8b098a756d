import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useToast } from '../../../components/toast';
import { graphql } from '../../../gql/admin';
import { failureToast } from '../admin-toasts';
import { ADMIN_TEXTS } from '../adminTexts';

const ResendNotificationMutation = graphql(/* GraphQL */ `
  mutation AdminResendNotification($id: ID!) {
    resendNotification(id: $id) {
      id
      status
      lastError
      ...AdminNotificationRow_notification
    }
  }
`);

/**
 * Queues an outbox message again and toasts the outcome. The answer updates the row through the normalized cache:
 * Queued (the tab then polls until the send job has run), or, with no SMTP server configured, Not sent at once.
 */
export function useResendNotification() {
  const toast = useToast();
  const [mutate] = useMutation(ResendNotificationMutation);
  const [resending, setResending] = useState<ReadonlySet<string>>(() => new Set());

  const resend = async (id: string, to: string): Promise<void> => {
    setResending((ids) => new Set(ids).add(id));
    try {
      const { data } = await mutate({ variables: { id } });
      const message = data?.resendNotification;
      toast(
        message?.status === 'NOT_SENT'
          ? { title: ADMIN_TEXTS.notificationNotSent, description: message.lastError ?? undefined, severity: 'warning' }
          : {
              title: ADMIN_TEXTS.notificationQueued,
              description: `The message to ${to} is queued to be sent again.`,
              severity: 'success',
            },
      );
    } catch (error) {
      toast(failureToast(ADMIN_TEXTS.notificationResendFailed, error));
    } finally {
      setResending((ids) => {
        const next = new Set(ids);
        next.delete(id);
        return next;
      });
    }
  };

  return { resend, resending };
}
