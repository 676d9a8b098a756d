import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../format/date';

export interface ThreadMessage {
  id: string;
  body: string;
  fromStaff: boolean;
  createdAt: string;
}

interface Props {
  messages: readonly ThreadMessage[];
  /** Whose side the reader is on: their own messages are labelled "You". */
  viewer: 'customer' | 'staff';
  /** The customer's name as staff see it. */
  customerName?: string;
}

/**
 * A ticket's conversation, oldest first, shared by the customer's dashboard and the admin panel. Bodies are plain
 * text rendered as React text (never HTML) with their line breaks kept; the author is said in words, not only by the
 * bubble's side and colour.
 */
export function TicketThread({ messages, viewer, customerName }: Props) {
  return (
    <Stack component="ol" spacing={1.5} aria-label="Conversation" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {messages.map((message) => {
        const own = message.fromStaff === (viewer === 'staff');
        const author = message.fromStaff
          ? viewer === 'staff'
            ? 'Support (staff)'
            : 'Support team'
          : viewer === 'customer'
            ? 'You'
            : (customerName ?? 'Customer');
        return (
          <Box
            component="li"
            key={message.id}
            data-testid="ticket-message"
            data-from-staff={message.fromStaff}
            sx={{ display: 'flex', justifyContent: own ? 'flex-end' : 'flex-start' }}
          >
            <Box
              sx={{
                maxWidth: { xs: '92%', sm: '80%' },
                minWidth: 0,
                px: 2,
                py: 1.25,
                borderRadius: 2,
                border: 1,
                borderColor: message.fromStaff ? 'primary.light' : 'divider',
                bgcolor: message.fromStaff ? 'action.hover' : 'background.paper',
              }}
            >
              <Typography variant="caption" component="p" color="text.secondary" sx={{ fontWeight: 700 }}>
                {author} · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
                {message.body}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
