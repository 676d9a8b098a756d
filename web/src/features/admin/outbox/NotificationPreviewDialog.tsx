import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { getFragmentData, graphql, type FragmentType } from '../../../gql/admin';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { AdminNotificationRowFragment, StatusChip } from './OutboxList';
import { NOTIFICATION_KIND_LABELS } from './outboxLabels';

export const AdminNotificationPreviewFragment = graphql(/* GraphQL */ `
  fragment AdminNotificationPreview_notification on Notification {
    id
    html
    text
    ...AdminNotificationRow_notification
  }
`);

interface NotificationPreviewDialogProps {
  notification: FragmentType<typeof AdminNotificationPreviewFragment> | null;
  resending: boolean;
  onResend: (id: string, to: string) => void;
  onClose: () => void;
}

/**
 * One message as the customer got it: the HTML version in a sandboxed frame (no scripts, no same-origin access, so
 * nothing in a message can reach the admin's session) and the plain-text version, with Resend.
 */
export function NotificationPreviewDialog({
  notification,
  resending,
  onResend,
  onClose,
}: NotificationPreviewDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={!!notification}
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="notification-preview-title"
    >
      {notification ? (
        <PreviewContent notification={notification} resending={resending} onResend={onResend} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

function PreviewContent({
  notification,
  resending,
  onResend,
  onClose,
}: Omit<NotificationPreviewDialogProps, 'notification'> & {
  notification: FragmentType<typeof AdminNotificationPreviewFragment>;
}) {
  const [version, setVersion] = useState<'html' | 'text'>('html');
  const message = getFragmentData(AdminNotificationPreviewFragment, notification);
  const row = getFragmentData(AdminNotificationRowFragment, message);
  return (
    <>
      <DialogTitle id="notification-preview-title" sx={{ pb: 1 }}>
        {row.subject}
      </DialogTitle>
      <Stack direction="row" spacing={1} useFlexGap sx={{ px: 3, pb: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <StatusChip status={row.status} />
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {NOTIFICATION_KIND_LABELS[row.kind]} · to {row.to}
        </Typography>
      </Stack>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
        <Tabs
          value={version}
          onChange={(_event, value: 'html' | 'text') => setVersion(value)}
          aria-label="Message version"
          textColor="primary"
          indicatorColor="secondary"
        >
          <Tab value="html" label="HTML" id="preview-tab-html" aria-controls="preview-panel-html" />
          <Tab value="text" label="Plain text" id="preview-tab-text" aria-controls="preview-panel-text" />
        </Tabs>
      </Box>
      <DialogContent
        sx={{ p: 0, bgcolor: 'grey.100' }}
        role="tabpanel"
        id={`preview-panel-${version}`}
        aria-labelledby={`preview-tab-${version}`}
      >
        {version === 'html' ? (
          <Box
            component="iframe"
            title={`HTML version of "${row.subject}"`}
            // Empty sandbox: no scripts, forms, popups or same-origin access for whatever the message contains.
            sandbox=""
            srcDoc={message.html}
            sx={{
              display: 'block',
              width: '100%',
              height: { xs: 'calc(100vh - 250px)', sm: '60vh' },
              minHeight: 320,
              border: 0,
            }}
          />
        ) : (
          <Box
            component="pre"
            tabIndex={0}
            aria-label={`Plain-text version of "${row.subject}"`}
            sx={{
              m: 0,
              p: 3,
              fontFamily: MONOSPACE_FONT,
              fontSize: '0.8125rem',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              bgcolor: 'background.paper',
              minHeight: 320,
            }}
          >
            {message.text}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button
          startIcon={<ReplayIcon aria-hidden />}
          onClick={() => onResend(row.id, row.to)}
          disabled={resending}
          sx={{ mr: 'auto' }}
        >
          {resending ? 'Resending...' : 'Resend'}
        </Button>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </>
  );
}
