import FingerprintIcon from '@mui/icons-material/Fingerprint';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { normalizeTotpCode, TWO_FACTOR_MESSAGES } from '../../../common/two-factor';

export interface TotpEnrolmentStart {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

interface Props {
  /** Starts (or restarts) enrolment; null when it failed (the caller toasts why). */
  begin: () => Promise<TotpEnrolmentStart | null>;
  /** The first code; the recovery codes, or null when refused (the caller toasts why). */
  confirm: (code: string) => Promise<string[] | null>;
  /** After the recovery codes were shown and acknowledged. */
  onDone: () => void;
  busy: boolean;
  /** Starts at once (the admin's enrolment screen) instead of behind a button. */
  autoStart?: boolean;
}

/** The QR code as an image: the server's SVG (the qrcode package), never inserted as markup. */
const qrSource = (svg: string) => `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;

/**
 * TOTP set-up (docs/staff-and-permissions.md "Two-factor sign-in"): scan the QR code or type the secret into an
 * authenticator app, enter its first code, then keep the ten recovery codes, shown this once.
 */
export function TwoFactorEnrolment({ begin, confirm, onDone, busy, autoStart = false }: Props) {
  const [started, setStarted] = useState<TotpEnrolmentStart | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const start = async () => setStarted(await begin());
  useEffect(() => {
    if (autoStart) void begin().then(setStarted);
    // Once, when the screen opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!normalizeTotpCode(code)) {
      setCodeError('Enter the 6-digit code your authenticator app shows');
      return;
    }
    setCodeError(null);
    const codes = await confirm(code);
    if (codes) setRecoveryCodes(codes);
  };

  if (recoveryCodes) {
    return (
      <Stack spacing={2}>
        <Alert severity="success">Two-factor sign-in is on.</Alert>
        <Typography>
          Save these recovery codes somewhere safe (a password manager, or printed). Each one signs you in once if you
          lose your authenticator. They are shown only now.
        </Typography>
        <Box
          component="ol"
          aria-label="Recovery codes"
          sx={{
            fontFamily: 'monospace',
            fontSize: '1rem',
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            gap: 1,
            m: 0,
            pl: 4,
          }}
        >
          {recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="outlined" onClick={() => void navigator.clipboard?.writeText(recoveryCodes.join('\n'))}>
            Copy codes
          </Button>
          <Button variant="contained" onClick={onDone}>
            I have saved my recovery codes
          </Button>
        </Stack>
      </Stack>
    );
  }

  if (!started) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography color="text.secondary">
          After your password, sign-in will ask for a code from an authenticator app (Google Authenticator, 1Password,
          Authy, …).
        </Typography>
        <Button variant="contained" disabled={busy} onClick={() => void start()}>
          {busy ? 'Starting...' : 'Set up two-factor sign-in'}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(e) => void submit(e)}
      aria-label="Set up two-factor sign-in"
    >
      <Typography>1. Scan this QR code with your authenticator app, or type the key below into it.</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
        <Box
          component="img"
          src={qrSource(started.qrSvg)}
          alt="QR code to add this account to an authenticator app"
          sx={{
            width: 180,
            height: 180,
            alignSelf: { xs: 'center', sm: 'auto' },
            bgcolor: '#fff',
            p: 1,
            borderRadius: 1,
          }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            Key
          </Typography>
          <Typography
            data-testid="totp-secret"
            sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all', userSelect: 'all' }}
          >
            {started.secret.match(/.{1,4}/g)?.join(' ')}
          </Typography>
        </Box>
      </Stack>
      <Typography>2. Enter the 6-digit code the app shows.</Typography>
      <TextField
        id="totp-enrolment-code"
        label="Code from the app"
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          setCodeError(null);
        }}
        error={!!codeError}
        helperText={codeError ?? ' '}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7 } }}
        sx={{ maxWidth: 240 }}
      />
      <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
        {busy ? 'Checking...' : 'Turn on'}
      </Button>
    </Stack>
  );
}

interface SecondFactorFormProps {
  submitting: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
  /** When the account has passkeys: signs the sign-in challenge with one instead of a code. */
  onPasskey?: () => void;
  /** False when the account has no TOTP (only passkeys): no code field then. */
  codeAccepted?: boolean;
  /** The message of a refused code, shown under the field. */
  error?: string | null;
}

/** The second step of signing in: a passkey (when the account has one), a code from the authenticator app or a recovery code. */
export function SecondFactorForm({
  submitting,
  onSubmit,
  onCancel,
  onPasskey,
  codeAccepted = true,
  error,
}: SecondFactorFormProps) {
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setEmpty(true);
      return;
    }
    onSubmit(code.trim());
  };
  const message = empty ? TWO_FACTOR_MESSAGES.codeRequired : error;
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label="Two-factor sign-in">
      <Typography variant="h5" component="h2">
        Two-factor sign-in
      </Typography>
      {onPasskey ? (
        <>
          <Typography color="text.secondary">Confirm with your passkey.</Typography>
          <Button
            variant="contained"
            size="large"
            startIcon={<FingerprintIcon aria-hidden />}
            disabled={submitting}
            onClick={onPasskey}
          >
            Use a passkey
          </Button>
          {/* Without a code field, a refused passkey's message has nowhere else to go. */}
          {!codeAccepted && error ? (
            <Typography role="alert" color="error" variant="body2">
              {error}
            </Typography>
          ) : null}
        </>
      ) : null}
      {onPasskey && codeAccepted ? <Divider>or</Divider> : null}
      {codeAccepted || !onPasskey ? (
        <>
          <Typography color="text.secondary">
            Enter the 6-digit code from your authenticator app, or one of your recovery codes.
          </Typography>
          <TextField
            id="second-factor-code"
            label="Authentication code"
            autoFocus={!onPasskey}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setEmpty(false);
            }}
            error={!!message}
            helperText={message ?? ' '}
            slotProps={{ htmlInput: { autoComplete: 'one-time-code', autoCapitalize: 'none', spellCheck: false } }}
          />
          <Button type="submit" variant={onPasskey ? 'outlined' : 'contained'} size="large" disabled={submitting}>
            {submitting ? 'Verifying...' : 'Verify'}
          </Button>
        </>
      ) : null}
      <Button variant="text" onClick={onCancel}>
        Use another account
      </Button>
    </Stack>
  );
}
