import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useRef, useState, type FormEvent } from 'react';
import type { FieldError } from '../../../../../common/validation';
import { webhookEndpointSchema } from '../../../../../common/webhooks';
import { errorMessage } from '../../../apollo/errors';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { ADMIN_TEXTS } from '../adminTexts';
import { EVENT_DESCRIPTIONS } from './webhookLabels';

interface AddWebhookEndpointDialogProps {
  open: boolean;
  /** The event names the API offers (`webhookEventTypes`). */
  eventTypes: readonly string[];
  creating: boolean;
  /** Adds the endpoint; resolves with its secret, or rejects with the API's error. */
  onCreate: (url: string, events: string[]) => Promise<string | null>;
  onClose: () => void;
}

/**
 * Adds an endpoint (URL and event checkboxes), then shows its signing secret once, with a copy button: the API never
 * shows it again. Field errors, the shared rules' or the server's (e.g. an internal address in production), show under
 * their field.
 */
export function AddWebhookEndpointDialog({ open, ...props }: AddWebhookEndpointDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setSecret(null);
    props.onClose();
  };
  return (
    <Dialog
      open={open}
      // While the secret is shown, only "Done" closes: a click beside the dialog must not lose it.
      onClose={(_event, reason) => (secret && reason === 'backdropClick' ? undefined : close())}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="add-webhook-title"
    >
      {secret ? (
        <SecretStep secret={secret} onDone={close} />
      ) : open ? (
        <FormStep {...props} onCreated={setSecret} onCancel={close} />
      ) : null}
    </Dialog>
  );
}

function FormStep({
  eventTypes,
  creating,
  onCreate,
  onCreated,
  onCancel,
}: Omit<AddWebhookEndpointDialogProps, 'open' | 'onClose'> & {
  onCreated: (secret: string) => void;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string; form?: string }>({});

  const toggle = (name: string, checked: boolean) =>
    setEvents((current) => (checked ? [...current, name] : current.filter((e) => e !== name)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = webhookEndpointSchema(eventTypes).safeParse({ url, events });
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error.issues.map((i) => ({ field: String(i.path[0]), message: i.message }))));
      return;
    }
    setErrors({});
    try {
      const secret = await onCreate(parsed.data.url, parsed.data.events);
      if (secret) onCreated(secret);
    } catch (error) {
      const fieldErrors = CombinedGraphQLErrors.is(error)
        ? ((error.errors[0]?.extensions?.fieldErrors ?? []) as FieldError[])
        : [];
      setErrors(
        fieldErrors.length > 0
          ? fieldMessages(fieldErrors)
          : { form: errorMessage(error, `${ADMIN_TEXTS.webhookAddFailed}. ${ADMIN_TEXTS.tryAgain}`) },
      );
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="add-webhook-title">
      <DialogTitle id="add-webhook-title">Add webhook endpoint</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            The store POSTs each chosen event to this URL as JSON, signed with a secret you get once the endpoint is
            added. A delivery that gets no 2xx answer is retried for about a day.
          </Typography>
          {errors.form ? <Alert severity="error">{errors.form}</Alert> : null}
          <TextField
            label="Endpoint URL"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://example.com/webhooks/store"
            required
            fullWidth
            autoFocus
            error={!!errors.url}
            helperText={errors.url}
            slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false, autoCapitalize: 'off' } }}
          />
          <FormControl component="fieldset" required error={!!errors.events}>
            <FormLabel component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
              Events
            </FormLabel>
            <FormGroup>
              {eventTypes.map((name) => (
                <FormControlLabel
                  key={name}
                  sx={{ alignItems: 'flex-start', mb: 0.5 }}
                  control={
                    <Checkbox
                      checked={events.includes(name)}
                      onChange={(e) => toggle(name, e.target.checked)}
                      sx={{ mt: -0.75 }}
                    />
                  }
                  label={
                    // Spans only: a label holds phrasing content.
                    <Box component="span" sx={{ display: 'block' }}>
                      <Typography
                        component="span"
                        sx={{ display: 'block', fontFamily: MONOSPACE_FONT, fontSize: '0.875rem' }}
                      >
                        {name}
                      </Typography>
                      {EVENT_DESCRIPTIONS[name] ? (
                        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                          {EVENT_DESCRIPTIONS[name]}
                        </Typography>
                      ) : null}
                    </Box>
                  }
                />
              ))}
            </FormGroup>
            {errors.events ? <FormHelperText>{errors.events}</FormHelperText> : null}
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={creating}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" color="secondary" disabled={creating}>
          {creating ? 'Adding...' : 'Add endpoint'}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** The first message per field, keyed as the form shows them. */
function fieldMessages(fieldErrors: readonly FieldError[]): { url?: string; events?: string } {
  const first = (field: string) => fieldErrors.find((f) => f.field === field || f.field.startsWith(`${field}.`));
  return { url: first('url')?.message, events: first('events')?.message };
}

function SecretStep({ secret, onDone }: { secret: string; onDone: () => void }) {
  const input = useRef<HTMLTextAreaElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'manual'>('idle');

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): select it for the admin to copy.
      input.current?.select();
      setCopy('manual');
    }
  };

  return (
    <>
      <DialogTitle id="add-webhook-title">Endpoint added</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <Alert severity="warning">
            Copy the signing secret now. <strong>You won&apos;t see it again</strong>: the store keeps it only to sign
            deliveries.
          </Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label="Signing secret"
              value={secret}
              fullWidth
              // Wrapped, not scrolled: the whole secret stays in view on a phone.
              multiline
              inputRef={input}
              onFocus={(e) => e.target.select()}
              helperText={copy === 'manual' ? 'Selected: press Ctrl+C (⌘C on a Mac) to copy it.' : ' '}
              slotProps={{ htmlInput: { readOnly: true, spellCheck: false, 'data-testid': 'webhook-secret' } }}
              sx={{ '& textarea': { fontFamily: MONOSPACE_FONT, wordBreak: 'break-all' } }}
            />
            <Button
              variant="outlined"
              onClick={() => void copySecret()}
              startIcon={copy === 'copied' ? <CheckIcon aria-hidden /> : <ContentCopyIcon aria-hidden />}
              sx={{ flexShrink: 0, minHeight: 56, minWidth: 110 }}
            >
              {copy === 'copied' ? 'Copied' : 'Copy'}
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Each delivery carries{' '}
            <Box component="code" sx={{ fontFamily: MONOSPACE_FONT }}>
              Store-Signature: t=…,v1=…
            </Box>
            : v1 is the hex HMAC-SHA256 of &quot;t.&quot; followed by the raw body, keyed with this secret. Check it
            before trusting a delivery, and use{' '}
            <Box component="code" sx={{ fontFamily: MONOSPACE_FONT }}>
              Store-Event-Id
            </Box>{' '}
            to ignore repeats.
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" color="secondary" onClick={onDone}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}
