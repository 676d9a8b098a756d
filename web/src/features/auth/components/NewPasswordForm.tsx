import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useFieldErrors } from '../../../components/field-errors';
import type { ReportFieldErrors } from '../../../components/validation-toast';
import { NEW_PASSWORD_HINT, PasswordField } from './PasswordField';

interface Props {
  disabled: boolean;
  /** `report` shows each field's message under it, the first field focused. */
  onSubmit: (password: string, confirm: string, report: ReportFieldErrors) => void;
}

/** The inputs' ids by field name (the API's `password`), in the form's order. */
const FIELD_IDS = { password: 'new-password', confirm: 'new-password-confirm' } as const;

/** The reset page's new password, typed twice. */
export function NewPasswordForm({ disabled, onSubmit }: Props) {
  const [values, setValues] = useState({ password: '', confirm: '' });
  const errors = useFieldErrors(FIELD_IDS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values.password, values.confirm, errors.show);
  };
  const edit = (field: keyof typeof FIELD_IDS, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    errors.clear(field);
  };
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-label="Choose a new password">
      <PasswordField
        id={FIELD_IDS.password}
        label="New password"
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => edit('password', e.target.value)}
        {...errors.props('password', NEW_PASSWORD_HINT)}
      />
      <PasswordField
        id={FIELD_IDS.confirm}
        label="Confirm new password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={(e) => edit('confirm', e.target.value)}
        {...errors.props('confirm')}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={disabled}>
        {disabled ? 'Saving...' : 'Set new password'}
      </Button>
    </Stack>
  );
}
