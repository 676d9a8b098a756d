import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { CaptchaStatusLine } from '../../../captcha/CaptchaStatusLine';
import type { CaptchaStatus } from '../../../captcha/useCaptcha';
import { PasswordField } from './PasswordField';

export interface SignUpValues {
  fullName: string;
  email: string;
  password: string;
}

interface Props {
  disabled: boolean;
  captchaStatus: CaptchaStatus;
  onSubmit: (values: SignUpValues) => void;
}

const PASSWORD_HINT = 'Must be 8+ characters with uppercase, lowercase, and number';

/** Sign-up fields (full name, email, password with its hint: docs/product.md "Sign in and sign up"). */
export function SignUpForm({ disabled, captchaStatus, onSubmit }: Props) {
  const [values, setValues] = useState<SignUpValues>({ fullName: '', email: '', password: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-label="Sign up">
      <TextField
        id="sign-up-full-name"
        label="Full Name"
        autoComplete="name"
        value={values.fullName}
        onChange={(e) => setValues((v) => ({ ...v, fullName: e.target.value }))}
      />
      <TextField
        id="sign-up-email"
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
      />
      <PasswordField
        id="sign-up-password"
        label="Password"
        autoComplete="new-password"
        helperText={PASSWORD_HINT}
        value={values.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={disabled}>
        {disabled ? 'Creating account...' : 'Create Account'}
      </Button>
      <CaptchaStatusLine status={captchaStatus} />
    </Stack>
  );
}
