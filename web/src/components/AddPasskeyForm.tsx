import FingerprintIcon from '@mui/icons-material/Fingerprint';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { checkPasskeyName, PASSKEY_NAME_MAX } from '../../../common/passkeys';

/**
 * A passkey's name, then the browser's prompt (`onSubmit` runs both and resolves true once it is added): the
 * dashboard's Passkeys section and the admin's enrolment screen.
 */
export function AddPasskeyForm({ busy, onSubmit }: { busy: boolean; onSubmit: (name: string) => Promise<boolean> }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPasskeyName(name);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    void onSubmit(checked.name).then((ok) => ok && setName(''));
  };
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Add a passkey"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
    >
      <TextField
        id="passkey-name"
        label="Passkey name"
        placeholder="e.g. MacBook"
        size="small"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
        error={!!error}
        helperText={error ?? 'The device or key it is on'}
        slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX } }}
        sx={{ flex: 1, maxWidth: { sm: 320 } }}
      />
      <Button type="submit" variant="contained" disabled={busy} startIcon={<FingerprintIcon aria-hidden />}>
        {busy ? 'Waiting...' : 'Add a passkey'}
      </Button>
    </Stack>
  );
}
