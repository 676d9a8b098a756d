import FingerprintIcon from '@mui/icons-material/Fingerprint';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { passkeysSupported } from '../auth/passkey-browser';

/**
 * Sign-in with a passkey under a password form (/auth and /admin): no e-mail needed, the browser offers the passkeys
 * it has for this store. Hidden in a browser without WebAuthn. Its label is "Use a passkey", not "Sign in with a
 * passkey": the forms' own button is "Sign In", and a second button whose name contains it would make "the Sign In
 * button" ambiguous to anyone (and any test) finding buttons by name.
 */
export function PasskeySignInButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  if (!passkeysSupported()) return null;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Divider>or, without a password</Divider>
      <Button
        variant="outlined"
        size="large"
        fullWidth
        startIcon={<FingerprintIcon aria-hidden />}
        disabled={disabled}
        onClick={onClick}
      >
        Use a passkey
      </Button>
    </Stack>
  );
}
