import FingerprintIcon from '@mui/icons-material/Fingerprint';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { TWO_FACTOR_MESSAGES } from '../../../common/two-factor';

const PASSWORD_REQUIRED = 'Enter your password';

interface Props {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  /**
   * Whether the account has TOTP (the code field) and passkeys (the passkey button); null while unknown. With neither,
   * the password is asked (an account adding its first factor).
   */
  factors: { totp: boolean; passkeys: boolean } | null;
  /** Confirms with a code or recovery code: null when confirmed, else the message for under the field. */
  onCode: (code: string) => Promise<string | null>;
  /** Confirms with one of the account's passkeys: as onCode (null also when the prompt was closed). */
  onPasskey: () => Promise<string | null>;
  /** Confirms with the account's password (confirmPassword), for an account without a factor: as onCode. */
  onPassword: (password: string) => Promise<string | null>;
}

/**
 * The step-up of a sensitive action (auth/step-up.ts): a passkey, or a code from the authenticator app (or a recovery
 * code), confirms the session for 10 minutes, then the action is repeated. An account without either is adding its
 * first one, which asks for its password instead. The admin panel and the dashboard each wrap it with their own
 * mutations.
 */
export function ConfirmItIsYouDialog({ open, busy, onClose, factors, onCode, onPasskey, onPassword }: Props) {
  const passwordOnly = !!factors && !factors.totp && !factors.passkeys;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setCode('');
    setError(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (passwordOnly ? !code : !code.trim()) {
      setError(passwordOnly ? PASSWORD_REQUIRED : TWO_FACTOR_MESSAGES.codeRequired);
      return;
    }
    const refused = passwordOnly ? await onPassword(code) : await onCode(code.trim());
    if (refused) setError(refused);
    else close();
  };
  const passkey = async () => {
    setError(null);
    const refused = await onPasskey();
    if (refused) setError(refused);
  };
  const totp = (factors?.totp ?? true) || passwordOnly;
  return (
    <Dialog open={open} onClose={close} aria-labelledby="step-up-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="step-up-title">Confirm it is you</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {passwordOnly
              ? 'Adding a way to sign in needs your password first.'
              : factors?.passkeys && totp
                ? 'This action needs your passkey or a fresh code from your authenticator app (or a recovery code).'
                : factors?.passkeys
                  ? 'This action needs your passkey.'
                  : 'This action needs a fresh code from your authenticator app (or a recovery code).'}{' '}
            It stays confirmed for 10 minutes.
          </DialogContentText>
          <Stack spacing={2}>
            {factors?.passkeys ? (
              <Button
                variant="contained"
                startIcon={<FingerprintIcon aria-hidden />}
                disabled={busy}
                onClick={() => void passkey()}
              >
                Use a passkey
              </Button>
            ) : null}
            {factors?.passkeys && totp ? <Divider>or</Divider> : null}
            {passwordOnly ? (
              <TextField
                id="step-up-password"
                label="Password"
                type="password"
                autoFocus
                fullWidth
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  setError(null);
                }}
                error={!!error}
                helperText={error ?? ' '}
                slotProps={{ htmlInput: { autoComplete: 'current-password' } }}
              />
            ) : totp ? (
              <TextField
                id="step-up-code"
                label="Authentication code"
                autoFocus={!factors?.passkeys}
                fullWidth
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  setError(null);
                }}
                error={!!error}
                helperText={error ?? ' '}
                slotProps={{ htmlInput: { autoComplete: 'one-time-code', autoCapitalize: 'none', spellCheck: false } }}
              />
            ) : error ? (
              <DialogContentText role="alert" color="error">
                {error}
              </DialogContentText>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          {totp ? (
            <Button type="submit" variant={factors?.passkeys ? 'outlined' : 'contained'} disabled={busy}>
              {busy ? 'Checking...' : 'Confirm'}
            </Button>
          ) : null}
        </DialogActions>
      </form>
    </Dialog>
  );
}
