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
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { get, useController, useForm, type FieldErrors } from 'react-hook-form';
import type { FieldError } from '../../../../../common/validation';
import { webhookEndpointSchema } from '../../../../../common/webhooks';
import { errorMessage } from '../../../apollo/errors';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { ADMIN_TEXTS } from '../adminTexts';
import { SecretField } from '../SecretField';
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
  const { control, handleSubmit, setError, formState } = useForm<EndpointValues, unknown, EndpointValues>({
    defaultValues: { url: '', events: [] },
    // The shared rules (common/webhooks.ts), with the events the API offers.
    resolver: zodResolver(webhookEndpointSchema(eventTypes)),
    // Messages stay until the next add, as the server's do.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const url = useController({ control, name: 'url' }).field;
  const events = useController({ control, name: 'events' }).field;
  const eventsError = messageOf(errors, 'events');

  const toggle = (name: string, checked: boolean) =>
    events.onChange(checked ? [...events.value, name] : events.value.filter((e) => e !== name));

  const create = async (endpoint: EndpointValues) => {
    try {
      const secret = await onCreate(endpoint.url, endpoint.events);
      if (secret) onCreated(secret);
    } catch (error) {
      const fieldErrors = CombinedGraphQLErrors.is(error)
        ? ((error.errors[0]?.extensions?.fieldErrors ?? []) as FieldError[])
        : [];
      if (fieldErrors.length === 0) {
        setError(FORM_ERROR, {
          type: 'server',
          message: errorMessage(error, `${ADMIN_TEXTS.webhookAddFailed}. ${ADMIN_TEXTS.tryAgain}`),
        });
        return;
      }
      // The first message per field ('events.2' is the events').
      for (const field of ['url', 'events'] as const) {
        const message = fieldErrors.find((f) => f.field === field || f.field.startsWith(`${field}.`))?.message;
        if (message) setError(field, { type: 'server', message });
      }
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit(create)(event)}
      aria-labelledby="add-webhook-title"
    >
      <DialogTitle id="add-webhook-title">Add webhook endpoint</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            The store POSTs each chosen event to this URL as JSON, signed with a secret you get once the endpoint is
            added. A delivery that gets no 2xx answer is retried for about a day.
          </Typography>
          {errors.root?.form ? <Alert severity="error">{errors.root.form.message}</Alert> : null}
          <TextField
            label="Endpoint URL"
            name={url.name}
            value={url.value}
            inputRef={url.ref}
            onBlur={url.onBlur}
            onChange={(e) => url.onChange(e.target.value)}
            placeholder="https://example.com/webhooks/store"
            required
            fullWidth
            autoFocus
            error={!!errors.url}
            helperText={errors.url?.message}
            slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false, autoCapitalize: 'off' } }}
          />
          <FormControl component="fieldset" required error={!!eventsError}>
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
                      checked={events.value.includes(name)}
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
            {eventsError ? <FormHelperText>{eventsError}</FormHelperText> : null}
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

/** The form as typed, and as the rules return it (the events in the API's order). */
interface EndpointValues {
  url: string;
  events: string[];
}

/** A failure that belongs to no field (network trouble): above the fields. */
const FORM_ERROR = 'root.form' as const;

/** A field's message, or a list's own ('events': none chosen, an unknown one). */
function messageOf(errors: FieldErrors<EndpointValues>, path: string): string | undefined {
  const error = get(errors, path) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}

function SecretStep({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <>
      <DialogTitle id="add-webhook-title">Endpoint added</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <Alert severity="warning">
            Copy the signing secret now. <strong>You won&apos;t see it again</strong>: the store keeps it only to sign
            deliveries.
          </Alert>
          <SecretField label="Signing secret" secret={secret} testId="webhook-secret" />
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
