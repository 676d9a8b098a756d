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
import { useController, useForm } from 'react-hook-form';
import { API_KEY_NAME_MAX, apiKeySchema, grantablePermissions } from '../../../../../common/api-keys';
import { PERMISSION_SUMMARIES, type PermissionName } from '../../../../../common/staff';
import type { FieldError } from '../../../../../common/validation';
import { errorMessage } from '../../../apollo/errors';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { ADMIN_TEXTS } from '../adminTexts';
import { SecretField } from '../SecretField';

interface CreateApiKeyDialogProps {
  open: boolean;
  /** The creator's own permissions: a key may hold only these (never STAFF). */
  granted: readonly PermissionName[];
  creating: boolean;
  /** Creates the key; resolves with its secret, or rejects with the API's error. */
  onCreate: (name: string, permissions: PermissionName[]) => Promise<string | null>;
  onClose: () => void;
}

/**
 * Creates an API key (a name and permission checkboxes, limited to the creator's own), then shows its secret once,
 * with a copy button: the store keeps only its hash. Field errors, the shared rules' (common/api-keys.ts) or the
 * server's, show under their field. A stale second-factor check opens the step-up dialog (StepUpDialog) over this one,
 * and the form stays filled for the retry.
 */
export function CreateApiKeyDialog({ open, ...props }: CreateApiKeyDialogProps) {
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
      aria-labelledby="create-api-key-title"
    >
      {secret ? (
        <SecretStep secret={secret} onDone={close} />
      ) : open ? (
        <FormStep {...props} onCreated={setSecret} onCancel={close} />
      ) : null}
    </Dialog>
  );
}

interface KeyValues {
  name: string;
  permissions: PermissionName[];
}

/** A failure that belongs to no field (network trouble, a refusal): above the fields. */
const FORM_ERROR = 'root.form' as const;

function FormStep({
  granted,
  creating,
  onCreate,
  onCreated,
  onCancel,
}: Omit<CreateApiKeyDialogProps, 'open' | 'onClose'> & { onCreated: (secret: string) => void; onCancel: () => void }) {
  const offered = grantablePermissions(granted);
  const { control, handleSubmit, setError, formState } = useForm<KeyValues, unknown, KeyValues>({
    defaultValues: { name: '', permissions: [] },
    resolver: zodResolver(apiKeySchema(granted)),
    // Messages stay until the next try, as the server's do.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const name = useController({ control, name: 'name' }).field;
  const permissions = useController({ control, name: 'permissions' }).field;
  const permissionsError = errors.permissions?.message ?? errors.permissions?.root?.message;

  const toggle = (permission: PermissionName, checked: boolean) =>
    permissions.onChange(
      checked ? [...permissions.value, permission] : permissions.value.filter((p) => p !== permission),
    );

  const create = async (key: KeyValues) => {
    try {
      const secret = await onCreate(key.name, key.permissions);
      if (secret) onCreated(secret);
    } catch (error) {
      const fieldErrors = CombinedGraphQLErrors.is(error)
        ? ((error.errors[0]?.extensions?.fieldErrors ?? []) as FieldError[])
        : [];
      let placed = false;
      for (const field of ['name', 'permissions'] as const) {
        const message = fieldErrors.find((f) => f.field === field || f.field.startsWith(`${field}.`))?.message;
        if (message) {
          setError(field, { type: 'server', message });
          placed = true;
        }
      }
      if (!placed) {
        setError(FORM_ERROR, { type: 'server', message: errorMessage(error, ADMIN_TEXTS.tryAgain) });
      }
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit(create)(event)}
      aria-labelledby="create-api-key-title"
    >
      <DialogTitle id="create-api-key-title">New API key</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            An integration sends the key as{' '}
            <Box component="code" sx={{ fontFamily: MONOSPACE_FONT }}>
              Authorization: Bearer …
            </Box>
            . It may do what its permissions allow, and never more than your role can now; actions that ask for a second
            factor (webhook changes, refunds, revoking licence keys, marking an order paid) stay with people.
          </Typography>
          {errors.root?.form ? <Alert severity="error">{errors.root.form.message}</Alert> : null}
          <TextField
            label="Name"
            name={name.name}
            value={name.value}
            inputRef={name.ref}
            onBlur={name.onBlur}
            onChange={(e) => name.onChange(e.target.value)}
            placeholder="Accounting export"
            required
            fullWidth
            autoFocus
            error={!!errors.name}
            helperText={errors.name?.message ?? 'Says who uses it, so it can be revoked without guessing'}
            slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX, autoComplete: 'off' } }}
          />
          <FormControl component="fieldset" required error={!!permissionsError}>
            <FormLabel component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
              Permissions
            </FormLabel>
            <FormGroup>
              {offered.map((permission) => (
                <FormControlLabel
                  key={permission}
                  sx={{ alignItems: 'flex-start', mb: 0.5 }}
                  control={
                    <Checkbox
                      checked={permissions.value.includes(permission)}
                      onChange={(e) => toggle(permission, e.target.checked)}
                      sx={{ mt: -0.75 }}
                    />
                  }
                  label={
                    <Box component="span" sx={{ display: 'block' }}>
                      <Typography
                        component="span"
                        sx={{ display: 'block', fontFamily: MONOSPACE_FONT, fontSize: '0.875rem' }}
                      >
                        {permission}
                      </Typography>
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                        {PERMISSION_SUMMARIES[permission]}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </FormGroup>
            <FormHelperText>{permissionsError ?? 'Only your own permissions; STAFF stays with people'}</FormHelperText>
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={creating}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" color="secondary" disabled={creating}>
          {creating ? 'Creating...' : 'Create key'}
        </Button>
      </DialogActions>
    </Box>
  );
}

function SecretStep({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <>
      <DialogTitle id="create-api-key-title">API key created</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <Alert severity="warning">
            Copy the key now. <strong>You will not see it again</strong>: the store keeps only a fingerprint of it. If
            it is lost, revoke it and create another.
          </Alert>
          <SecretField label="API key" secret={secret} testId="api-key-secret" />
          <Typography variant="body2" color="text.secondary">
            Send it as{' '}
            <Box component="code" sx={{ fontFamily: MONOSPACE_FONT }}>
              Authorization: Bearer sk_store_…
            </Box>{' '}
            on requests to /graphql. Keep it out of code repositories and browsers.
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
