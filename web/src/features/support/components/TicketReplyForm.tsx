import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { TICKET_DESK_LIMITS, ticketReplySchema } from '../../../../../common/validation';

interface Props {
  /** Sends the reply; resolves true when it was stored (the box is then emptied). */
  onSend: (body: string) => Promise<boolean>;
  sending: boolean;
  label?: string;
}

/**
 * The reply box of a ticket's thread: required, at most 5,000 characters (the counter turns to an error past it),
 * checked with the API's own schema before sending so a mistake is explained where it was typed.
 */
export function TicketReplyForm({ onSend, sending, label = 'Your reply' }: Props) {
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const limit = TICKET_DESK_LIMITS.replyBody;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ticketReplySchema.safeParse({ body });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0].message);
      return;
    }
    setProblem(null);
    if (await onSend(parsed.data.body)) setBody('');
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Reply">
      <TextField
        label={label}
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          if (problem) setProblem(null);
        }}
        multiline
        minRows={3}
        maxRows={12}
        fullWidth
        required
        error={!!problem || body.length > limit}
        helperText={problem ?? `${body.length.toLocaleString('en-US')}/${limit.toLocaleString('en-US')}`}
        slotProps={{ formHelperText: { sx: { textAlign: problem ? 'left' : 'right', mx: 0.5 } } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button type="submit" variant="contained" endIcon={<SendIcon aria-hidden />} disabled={sending}>
          {sending ? 'Sending...' : 'Send reply'}
        </Button>
      </Box>
    </Box>
  );
}
