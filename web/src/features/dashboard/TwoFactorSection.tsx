import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useFieldErrors } from '../../components/field-errors';
import { TwoFactorEnrolment } from '../../components/TwoFactorEnrolment';
import type { ReportFieldErrors } from '../../components/validation-toast';
import { PasswordField } from '../auth/components/PasswordField';
import { useTwoFactor } from './useTwoFactor';

/** Dashboard › Profile › Two-factor sign-in: set up TOTP (QR, key, first code, recovery codes) or switch it off. */
export function TwoFactorSection() {
  const twoFactor = useTwoFactor();
  const [enrolling, setEnrolling] = useState(false);
  const status = twoFactor.status;
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h5" component="h2">
            Two-factor sign-in
          </Typography>
          {status?.totpEnabled ? <Chip label="On" color="success" size="small" variant="outlined" /> : null}
        </Stack>
        {!status ? (
          <Typography color="text.secondary">Loading...</Typography>
        ) : status.totpEnabled && !enrolling ? (
          <Stack spacing={2}>
            <Typography color="text.secondary">
              Sign-in asks for a code from your authenticator app after your password.
            </Typography>
            {status.recoveryCodesLeft <= 3 ? (
              <Alert severity="warning">
                {status.recoveryCodesLeft} recovery {status.recoveryCodesLeft === 1 ? 'code' : 'codes'} left. Turn
                two-factor sign-in off and on again for ten new ones.
              </Alert>
            ) : (
              <Typography variant="body2">{status.recoveryCodesLeft} recovery codes left.</Typography>
            )}
            <DisableForm busy={twoFactor.busy} onSubmit={twoFactor.disable} />
          </Stack>
        ) : (
          <TwoFactorEnrolment
            busy={twoFactor.busy}
            begin={async () => {
              setEnrolling(true);
              return twoFactor.begin();
            }}
            confirm={twoFactor.confirm}
            onDone={() => {
              setEnrolling(false);
              twoFactor.refetch();
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** The inputs' ids by the API's field names, in the form's order. */
const DISABLE_FIELDS = { password: 'totp-disable-password', code: 'totp-disable-code' } as const;

function DisableForm({
  busy,
  onSubmit,
}: {
  busy: boolean;
  /** `report` puts the API's refusal (a wrong password or code) under its field. */
  onSubmit: (password: string, code: string, report: ReportFieldErrors) => Promise<boolean>;
}) {
  const [values, setValues] = useState({ password: '', code: '' });
  const errors = useFieldErrors(DISABLE_FIELDS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit(values.password, values.code.trim(), errors.show).then(
      (ok) => ok && setValues({ password: '', code: '' }),
    );
  };
  const edit = (field: keyof typeof DISABLE_FIELDS, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    errors.clear(field);
  };
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label="Turn off two-factor sign-in">
      <Typography variant="subtitle1" component="h3">
        Turn off
      </Typography>
      <PasswordField
        id={DISABLE_FIELDS.password}
        label="Password"
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => edit('password', e.target.value)}
        {...errors.props('password')}
      />
      <TextField
        id={DISABLE_FIELDS.code}
        label="Code from the app, or a recovery code"
        autoComplete="one-time-code"
        value={values.code}
        onChange={(e) => edit('code', e.target.value)}
        {...errors.props('code')}
      />
      <Button type="submit" variant="outlined" color="error" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
        Turn off two-factor sign-in
      </Button>
    </Stack>
  );
}
