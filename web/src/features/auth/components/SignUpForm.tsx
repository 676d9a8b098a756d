import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { CaptchaStatusLine } from '../../../captcha/CaptchaStatusLine';
import type { CaptchaStatus } from '../../../captcha/useCaptcha';
import { useFieldErrors } from '../../../components/field-errors';
import type { ReportFieldErrors } from '../../../components/validation-toast';
import { PasswordField } from './PasswordField';

export interface SignUpValues {
  fullName: string;
  email: string;
  password: string;
}

interface Props {
  disabled: boolean;
  captchaStatus: CaptchaStatus;
  /** `report` shows each field's message under it, the first field focused. */
  onSubmit: (values: SignUpValues, report: ReportFieldErrors) => void;
}

const PASSWORD_HINT = 'Must be 8+ characters with uppercase, lowercase, and number';

/** The inputs' ids, in the form's order (the first one with a message is focused). */
const FIELD_IDS = { fullName: 'sign-up-full-name', email: 'sign-up-email', password: 'sign-up-password' } as const;

/** Sign-up fields (full name, email, password with its hint: docs/product.md "Sign in and sign up"). */
export function SignUpForm({ disabled, captchaStatus, onSubmit }: Props) {
  const [values, setValues] = useState<SignUpValues>({ fullName: '', email: '', password: '' });
  const errors = useFieldErrors(FIELD_IDS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values, errors.show);
  };
  const edit = (field: keyof SignUpValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    errors.clear(field);
  };
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-label="Sign up">
      <TextField
        id={FIELD_IDS.fullName}
        label="Full Name"
        autoComplete="name"
        value={values.fullName}
        onChange={(e) => edit('fullName', e.target.value)}
        {...errors.props('fullName')}
      />
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
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => edit('password', e.target.value)}
        {...errors.props('password', PASSWORD_HINT)}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={disabled}>
        {disabled ? 'Creating account...' : 'Create Account'}
      </Button>
      <CaptchaStatusLine status={captchaStatus} />
    </Stack>
  );
}
