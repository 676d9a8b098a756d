import { useQuery } from '@apollo/client/react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { graphql } from '../../../gql/admin';
import { ADMIN_TEXTS } from '../adminTexts';
import { AdminList } from '../list/AdminList';
import { useAdminList } from '../list/useAdminList';
import { NotificationPreviewDialog } from './NotificationPreviewDialog';
import { OutboxList } from './OutboxList';
import { useResendNotification } from './useResendNotification';

/** Messages per page ("Load more" fetches the next page with the API's cursor). */
const OUTBOX_PAGE_SIZE = 20;
/** While a listed message waits for its send job, the list is read again this often. */
const QUEUED_POLL_MS = 2000;

const AdminNotificationsQuery = graphql(/* GraphQL */ `
  query AdminNotifications($first: Int, $after: String) {
    adminNotifications(first: $first, after: $after) {
      totalCount
      pageInfo {
        endCursor
        hasNextPage
      }
      edges {
        node {
          id
          status
          createdAt
          ...AdminNotificationRow_notification
          ...AdminNotificationPreview_notification
        }
      }
    }
  }
`);

/**
 * The Outbox tab: every e-mail the store wrote, newest first, with its status, attempts and last error (without
 * SMTP_URL: "Not sent" and why), a preview of what the customer got, and Resend. Messages move on in background
 * jobs, so the list polls while any listed message is still queued.
 */
export function OutboxTab() {
  const query = useQuery(AdminNotificationsQuery, { variables: { first: OUTBOX_PAGE_SIZE } });
  const { startPolling, stopPolling } = query;
  const list = useAdminList(query, {
    rows: (data) => data.adminNotifications,
    failure: ADMIN_TEXTS.fetchNotificationsFailed,
  });
  const [previewId, setPreviewId] = useState<string | null>(null);
  const { resend, resending } = useResendNotification();

  const anyQueued = list.rows.some((node) => node.status === 'QUEUED');
  useEffect(() => {
    if (!anyQueued) return;
    startPolling(QUEUED_POLL_MS);
    return () => stopPolling();
  }, [anyQueued, startPolling, stopPolling]);

  const previewed = list.rows.find((node) => node.id === previewId) ?? null;

  return (
    <Stack spacing={2} data-testid="admin-outbox">
      <AdminList
        list={list}
        noun="message"
        loadingLabel="Loading the outbox..."
        empty={{ title: 'No messages yet', hint: 'E-mails appear here as orders are placed and change.' }}
        toolbar={
          <Typography variant="body2" color="text.secondary">
            E-mails to customers, as they were sent. Without an SMTP server they stay here, marked Not sent.
          </Typography>
        }
        renderRows={(rows) => (
          <OutboxList
            notifications={rows}
            resending={resending}
            onPreview={setPreviewId}
            onResend={(id, to) => void resend(id, to)}
          />
        )}
      />
      <NotificationPreviewDialog
        notification={previewed}
        resending={!!previewId && resending.has(previewId)}
        onResend={(id, to) => void resend(id, to)}
        onClose={() => setPreviewId(null)}
      />
    </Stack>
  );
}
