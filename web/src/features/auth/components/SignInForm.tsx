import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PasswordField } from './PasswordField';

export interface SignInValues {
  email: string;
  password: string;
}

interface Props {
  disabled: boolean;
  onSubmit: (values: SignInValues) => void;
}

/** Sign-in fields (email, password: docs/product.md "Sign in and sign up"); validation is the view's job. */
export function SignInForm({ disabled, onSubmit }: Props) {
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-label="Sign in">
      <TextField
        id="sign-in-email"
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
      />
      <PasswordField
        id="sign-in-password"
        label="Password"
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
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
