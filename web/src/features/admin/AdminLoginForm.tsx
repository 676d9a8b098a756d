import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useFieldErrors } from '../../components/field-errors';
import { PasskeySignInButton } from '../../components/PasskeySignInButton';
import { SecondFactorForm } from '../../components/TwoFactorEnrolment';
import type { ReportFieldErrors } from '../../components/validation-toast';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminSignInValues } from './useAdminSignIn';

interface AdminLoginFormProps {
  submitting: boolean;
  /** E-mail of a signed-in account that is not an admin, to explain why the form is shown. */
  signedInAs?: string | null;
  /** `report` shows each field's message under it, the first field focused. */
  onSubmit: (values: AdminSignInValues, report: ReportFieldErrors) => void;
  /** After the password of a staff account with a second factor: the code step replaces the form. */
  secondFactor?: {
    error: string | null;
    onSubmit: (code: string) => void;
    onCancel: () => void;
    /** When the account has passkeys. */
    onPasskey?: () => void;
    /** False when the account has only passkeys. */
    codeAccepted: boolean;
  } | null;
  /** Sign-in with a passkey alone. */
  onPasskeySignIn: () => void;
}

/** The inputs' ids, in the form's order. */
const FIELD_IDS = { email: 'admin-sign-in-email', password: 'admin-sign-in-password' } as const;

/** The /admin sign-in card: e-mail and password, then the second factor's code when the account has one. */
export function AdminLoginForm({
  submitting,
  signedInAs,
  onSubmit,
  secondFactor,
  onPasskeySignIn,
}: AdminLoginFormProps) {
  const [values, setValues] = useState<AdminSignInValues>({ email: '', password: '' });
  const errors = useFieldErrors(FIELD_IDS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values, errors.show);
  };
  const edit = (field: keyof AdminSignInValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    errors.clear(field);
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, md: 10 } }}>
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', mb: 3 }}>
            <Box
              sx={{
                width: 56,
                height: 56,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'primary.main',
                color: 'secondary.light',
              }}
            >
              <AdminPanelSettingsOutlinedIcon fontSize="large" aria-hidden />
            </Box>
            <Typography component="h1" variant="h3">
              Admin Login
            </Typography>
            <Typography color="text.secondary">Sign in to manage orders and product stock.</Typography>
          </Stack>
          {signedInAs ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              You are signed in as {signedInAs}, which is not an admin account.
            </Alert>
          ) : null}
          {secondFactor ? (
            <SecondFactorForm
              submitting={submitting}
              error={secondFactor.error}
              onSubmit={secondFactor.onSubmit}
              onCancel={secondFactor.onCancel}
              onPasskey={secondFactor.onPasskey}
              codeAccepted={secondFactor.codeAccepted}
            />
          ) : (
            <Box component="form" noValidate onSubmit={submit}>
              <Stack spacing={2}>
                <TextField
                  id={FIELD_IDS.email}
                  {...errors.props('email')}
                  label="Email"
                  type="email"
                  name="email"
                  autoComplete="username"
                  value={values.email}
                  onChange={(e) => edit('email', e.target.value)}
                />
                <TextField
                  id={FIELD_IDS.password}
                  {...errors.props('password')}
                  label="Password"
                  type="password"
                  name="password"
                  autoComplete="current-password"
                  value={values.password}
                  onChange={(e) => edit('password', e.target.value)}
                />
                <Button type="submit" variant="contained" size="large" disabled={submitting}>
                  {submitting ? 'Signing in...' : 'Sign In'}
                </Button>
              </Stack>
              <PasskeySignInButton disabled={submitting} onClick={onPasskeySignIn} />
            </Box>
          )}
          <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
            <Link component={RouterLink} to="/">
              Return to the store
            </Link>
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
