import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { PasswordField } from './PasswordField';

interface Props {
  disabled: boolean;
  onSubmit: (password: string, confirm: string) => void;
}

/** The reset page's new password, typed twice. */
export function NewPasswordForm({ disabled, onSubmit }: Props) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(password, confirm);
  };
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-label="Choose a new password">
      <PasswordField
        id="new-password"
        label="New password"
        autoComplete="new-password"
        helperText="At least 8 characters, with an uppercase letter, a lowercase letter and a number"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <PasswordField
        id="new-password-confirm"
        label="Confirm new password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={disabled}>
        {disabled ? 'Saving...' : 'Set new password'}
      </Button>
    </Stack>
  );
}
