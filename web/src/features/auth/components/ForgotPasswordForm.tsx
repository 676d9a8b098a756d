import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useFieldErrors } from '../../../components/field-errors';
import type { ReportFieldErrors } from '../../../components/validation-toast';

interface Props {
  disabled: boolean;
  /** Set once asked: the page says a link is on its way (whether or not the address has an account). */
  sentTo: string | null;
  /** `report` shows the address's message under it, the field focused. */
  onSubmit: (email: string, report: ReportFieldErrors) => void;
}

const FIELD_IDS = { email: 'reset-email' } as const;

/** "Forgot password?": the address to send a reset link to. */
export function ForgotPasswordForm({ disabled, sentTo, onSubmit }: Props) {
  const [email, setEmail] = useState('');
  const errors = useFieldErrors(FIELD_IDS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(email, errors.show);
  };
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-label="Reset password">
      {sentTo && (
        <Alert severity="success" role="status">
          If {sentTo} has an account, we have sent it a link to choose a new password. The link works for 30 minutes.
        </Alert>
      )}
      <TextField
        id={FIELD_IDS.email}
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          errors.clear('email');
        }}
        {...errors.props('email')}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={disabled}>
        {disabled ? 'Sending...' : sentTo ? 'Send again' : 'Send reset link'}
      </Button>
    </Stack>
  );
}
