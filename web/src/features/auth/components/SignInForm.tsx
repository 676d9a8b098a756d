import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useFieldErrors } from '../../../components/field-errors';
import type { ReportFieldErrors } from '../../../components/validation-toast';
import { PasswordField } from './PasswordField';

export interface SignInValues {
  email: string;
  password: string;
}

interface Props {
  disabled: boolean;
  /** `report` shows each field's message under it, the first field focused. */
  onSubmit: (values: SignInValues, report: ReportFieldErrors) => void;
}

/** The inputs' ids, in the form's order. */
const FIELD_IDS = { email: 'sign-in-email', password: 'sign-in-password' } as const;

/** Sign-in fields (email, password: docs/product.md "Sign in and sign up"); validation is the view's job. */
export function SignInForm({ disabled, onSubmit }: Props) {
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const errors = useFieldErrors(FIELD_IDS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values, errors.show);
  };
  const edit = (field: keyof SignInValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    errors.clear(field);
  };
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-label="Sign in">
      <TextField
        id={FIELD_IDS.email}
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => edit('email', e.target.value)}
        {...errors.props('email')}
      />
      <PasswordField
        id={FIELD_IDS.password}
        label="Password"
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => edit('password', e.target.value)}
        {...errors.props('password')}
      />
      <Link component={RouterLink} to="/auth/reset" variant="body2" sx={{ alignSelf: 'flex-end', fontWeight: 600 }}>
        Forgot password?
      </Link>
      <Button type="submit" variant="contained" size="large" fullWidth disabled={disabled}>
        {disabled ? 'Signing in...' : 'Sign In'}
      </Button>
    </Stack>
  );
}
