import { useQuery } from '@apollo/client/react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { ErrorState, LoadingState, RetryButton } from '../../../components/PageState';
import { useToast } from '../../../components/toast';
import { graphql } from '../../../gql/admin';
import { EmptyListState, LoadMoreButton, ResponsiveListFrame, shownOfTotal } from '../ResponsiveListFrame';
import { failureToast } from '../admin-toasts';
import { ADMIN_TEXTS } from '../adminTexts';
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
  const toast = useToast();
  const { data, loading, error, refetch, fetchMore, startPolling, stopPolling } = useQuery(AdminNotificationsQuery, {
    variables: { first: OUTBOX_PAGE_SIZE },
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [previewId, setPreviewId] = useState<string | null>(null);
  const { resend, resending } = useResendNotification();

  const list = data?.adminNotifications;
  const anyQueued = !!list?.edges.some((edge) => edge.node.status === 'QUEUED');

  useEffect(() => {
    if (!anyQueued) return;
    startPolling(QUEUED_POLL_MS);
    return () => stopPolling();
  }, [anyQueued, startPolling, stopPolling]);

  useEffect(() => {
    if (error) toast(failureToast(ADMIN_TEXTS.fetchNotificationsFailed, error));
  }, [error, toast]);

  const loadMore = async () => {
    if (!list?.pageInfo.endCursor) return;
    setLoadingMore(true);
    try {
      await fetchMore({ variables: { after: list.pageInfo.endCursor } });
    } catch (failure) {
      toast(failureToast(ADMIN_TEXTS.fetchNotificationsFailed, failure));
    } finally {
      setLoadingMore(false);
    }
  };

  const previewed = list?.edges.find((edge) => edge.node.id === previewId)?.node ?? null;

  return (
    <Stack spacing={2} data-testid="admin-outbox">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary">
          E-mails to customers, as they were sent. Without an SMTP server they stay here, marked Not sent.
        </Typography>
        {list ? (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ whiteSpace: 'nowrap' }}>
            {shownOfTotal(list.edges.length, list.totalCount, 'message')}
          </Typography>
        ) : null}
      </Stack>

      <ResponsiveListFrame>
        {loading && !list ? (
          <LoadingState label="Loading the outbox..." />
        ) : !list ? (
          <ErrorState
            message={ADMIN_TEXTS.fetchNotificationsFailed}
            action={<RetryButton onRetry={() => void refetch()} />}
          />
        ) : list.edges.length === 0 ? (
          <EmptyListState title="No messages yet" hint="E-mails appear here as orders are placed and change." />
        ) : (
          <OutboxList
            notifications={list.edges.map((edge) => edge.node)}
            resending={resending}
            onPreview={setPreviewId}
            onResend={(id, to) => void resend(id, to)}
          />
        )}
      </ResponsiveListFrame>

      <LoadMoreButton hasNextPage={list?.pageInfo.hasNextPage} loading={loadingMore} onLoadMore={loadMore} />

      <NotificationPreviewDialog
        notification={previewed}
        resending={!!previewId && resending.has(previewId)}
        onResend={(id, to) => void resend(id, to)}
        onClose={() => setPreviewId(null)}
      />
    </Stack>
  );
}
