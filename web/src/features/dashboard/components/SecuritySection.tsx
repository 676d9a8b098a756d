import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useFieldErrors } from '../../../components/field-errors';
import type { ReportFieldErrors } from '../../../components/validation-toast';
import { formatDateTime } from '../../../format/date';
import { NEW_PASSWORD_HINT, PasswordField } from '../../auth/components/PasswordField';

export interface SecuritySession {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  device: string;
  approximateIp?: string | null;
  current: boolean;
}

interface Props {
  email: string;
  emailVerified: boolean;
  sessions: SecuritySession[];
  disabled: boolean;
  onResendVerification: () => void;
  /** `report` puts each field's message under it (the browser's check or the API's refusal). */
  onChangePassword: (current: string, next: string, confirm: string, report: ReportFieldErrors) => Promise<boolean>;
  onChangeEmail: (newEmail: string, password: string, report: ReportFieldErrors) => Promise<boolean>;
  onRevokeSession: (id: string) => void;
  onSignOutEverywhere: () => void;
}

function Part({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {intro}
      </Typography>
      {children}
    </Box>
  );
}

/** The inputs' ids by the API's field names, in the form's order (the first one with a message is focused). */
const PASSWORD_FIELDS = {
  currentPassword: 'current-password',
  newPassword: 'changed-password',
  confirm: 'changed-password-confirm',
} as const;
const EMAIL_FIELDS = { newEmail: 'new-email', password: 'email-change-password' } as const;

function ChangePasswordForm({ disabled, onSubmit }: { disabled: boolean; onSubmit: Props['onChangePassword'] }) {
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirm: '' });
  const errors = useFieldErrors(PASSWORD_FIELDS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit(values.currentPassword, values.newPassword, values.confirm, errors.show).then(
      (ok) => ok && setValues({ currentPassword: '', newPassword: '', confirm: '' }),
    );
  };
  const edit = (field: keyof typeof PASSWORD_FIELDS, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    errors.clear(field);
  };
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label="Change password">
      <PasswordField
        id={PASSWORD_FIELDS.currentPassword}
        label="Current password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={(e) => edit('currentPassword', e.target.value)}
        {...errors.props('currentPassword')}
      />
      <PasswordField
        id={PASSWORD_FIELDS.newPassword}
        label="New password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={(e) => edit('newPassword', e.target.value)}
        {...errors.props('newPassword', NEW_PASSWORD_HINT)}
      />
      <PasswordField
        id={PASSWORD_FIELDS.confirm}
        label="Confirm new password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={(e) => edit('confirm', e.target.value)}
        {...errors.props('confirm')}
      />
      <Button type="submit" variant="contained" disabled={disabled} sx={{ alignSelf: 'flex-start' }}>
        Change password
      </Button>
    </Stack>
  );
}

function ChangeEmailForm({ disabled, onSubmit }: { disabled: boolean; onSubmit: Props['onChangeEmail'] }) {
  const [values, setValues] = useState({ newEmail: '', password: '' });
  const errors = useFieldErrors(EMAIL_FIELDS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit(values.newEmail, values.password, errors.show).then(
      (ok) => ok && setValues({ newEmail: '', password: '' }),
    );
  };
  const edit = (field: keyof typeof EMAIL_FIELDS, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    errors.clear(field);
  };
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label="Change e-mail">
      <TextField
        id={EMAIL_FIELDS.newEmail}
        label="New e-mail address"
        type="email"
        autoComplete="email"
        value={values.newEmail}
        onChange={(e) => edit('newEmail', e.target.value)}
        {...errors.props('newEmail')}
      />
      <PasswordField
        id={EMAIL_FIELDS.password}
        label="Password"
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => edit('password', e.target.value)}
        {...errors.props('password')}
      />
      <Button type="submit" variant="contained" disabled={disabled} sx={{ alignSelf: 'flex-start' }}>
        Send confirmation link
      </Button>
    </Stack>
  );
}

/** Dashboard › Profile › Security: the address's confirmation, password and e-mail changes, and signed-in devices. */
export function SecuritySection(props: Props) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h5" component="h2">
          Security
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          Your password, your e-mail address and the devices signed in to your account.
        </Typography>
        <Stack spacing={3} divider={<Divider flexItem />}>
          <Part title="E-mail address" intro={props.email}>
            {props.emailVerified ? (
              <Chip label="Confirmed" color="success" size="small" variant="outlined" />
            ) : (
              <Alert
                severity="warning"
                action={
                  <Button color="inherit" size="small" disabled={props.disabled} onClick={props.onResendVerification}>
                    Resend e-mail
                  </Button>
                }
              >
                Not confirmed yet. Follow the link we e-mailed you.
              </Alert>
            )}
          </Part>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Part title="Change password" intro="Your other devices are signed out.">
                <ChangePasswordForm disabled={props.disabled} onSubmit={props.onChangePassword} />
              </Part>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Part title="Change e-mail" intro="We send a link to the new address; it changes when you follow it.">
                <ChangeEmailForm disabled={props.disabled} onSubmit={props.onChangeEmail} />
              </Part>
            </Grid>
          </Grid>
          <Part title="Signed-in devices" intro="Sign out any device you do not recognise.">
            <List disablePadding aria-label="Signed-in devices">
              {props.sessions.map((s) => (
                <ListItem
                  key={s.id}
                  divider
                  disableGutters
                  sx={{ flexWrap: 'wrap', gap: 1 }}
                  secondaryAction={
                    s.current ? undefined : (
                      <Button size="small" disabled={props.disabled} onClick={() => props.onRevokeSession(s.id)}>
                        Sign out
                      </Button>
                    )
                  }
                >
                  <ListItemText
                    sx={{ pr: s.current ? 0 : 10, minWidth: 0 }}
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <span>{s.device}</span>
                        {s.current && <Chip label="This device" size="small" color="primary" />}
                      </Stack>
                    }
                    secondary={[
                      `Signed in ${formatDateTime(s.createdAt)}`,
                      `last active ${formatDateTime(s.lastUsedAt)}`,
                      s.approximateIp ? `network ${s.approximateIp}` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                    slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItem>
              ))}
            </List>
            <Button
              variant="outlined"
              color="error"
              disabled={props.disabled}
              onClick={props.onSignOutEverywhere}
              sx={{ mt: 2 }}
            >
              Sign out everywhere
            </Button>
          </Part>
        </Stack>
      </CardContent>
    </Card>
  );
}
