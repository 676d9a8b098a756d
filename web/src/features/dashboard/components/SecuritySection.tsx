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
import { formatDateTime } from '../../../format/date';
import { PasswordField } from '../../auth/components/PasswordField';

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
  onChangePassword: (current: string, next: string, confirm: string) => Promise<boolean>;
  onChangeEmail: (newEmail: string, password: string) => Promise<boolean>;
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

function ChangePasswordForm({ disabled, onSubmit }: { disabled: boolean; onSubmit: Props['onChangePassword'] }) {
  const [values, setValues] = useState({ current: '', next: '', confirm: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit(values.current, values.next, values.confirm).then(
      (ok) => ok && setValues({ current: '', next: '', confirm: '' }),
    );
  };
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label="Change password">
      <PasswordField
        id="current-password"
        label="Current password"
        autoComplete="current-password"
        value={values.current}
        onChange={(e) => setValues((v) => ({ ...v, current: e.target.value }))}
      />
      <PasswordField
        id="changed-password"
        label="New password"
        autoComplete="new-password"
        helperText="At least 8 characters, with an uppercase letter, a lowercase letter and a number"
        value={values.next}
        onChange={(e) => setValues((v) => ({ ...v, next: e.target.value }))}
      />
      <PasswordField
        id="changed-password-confirm"
        label="Confirm new password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={(e) => setValues((v) => ({ ...v, confirm: e.target.value }))}
      />
      <Button type="submit" variant="contained" disabled={disabled} sx={{ alignSelf: 'flex-start' }}>
        Change password
      </Button>
    </Stack>
  );
}

function ChangeEmailForm({ disabled, onSubmit }: { disabled: boolean; onSubmit: Props['onChangeEmail'] }) {
  const [values, setValues] = useState({ email: '', password: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit(values.email, values.password).then((ok) => ok && setValues({ email: '', password: '' }));
  };
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label="Change e-mail">
      <TextField
        id="new-email"
        label="New e-mail address"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
      />
      <PasswordField
        id="email-change-password"
        label="Password"
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
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
