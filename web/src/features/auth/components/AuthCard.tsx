import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { CaptchaStatus } from '../../../captcha/useCaptcha';
import { PasskeySignInButton } from '../../../components/PasskeySignInButton';
import type { ReportFieldErrors } from '../../../components/validation-toast';
import { SignInForm, type SignInValues } from './SignInForm';
import { SignUpForm, type SignUpValues } from './SignUpForm';

export type AuthTab = 'signIn' | 'signUp';

interface Props {
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  submitting: boolean;
  /** The sign-up's CAPTCHA, when the store asks for one. */
  captchaStatus: CaptchaStatus;
  /** `report` puts the fields' messages under them (components/field-errors.ts). */
  onSignIn: (values: SignInValues, report: ReportFieldErrors) => void;
  onSignUp: (values: SignUpValues, report: ReportFieldErrors) => void;
  /** Sign-in with a passkey alone. */
  onPasskeySignIn: () => void;
}

/** The /auth page: Sign In / Sign Up tabs in one card, with a way back home. */
export function AuthCard({ tab, onTabChange, submitting, captchaStatus, onSignIn, onSignUp, onPasskeySignIn }: Props) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Box sx={{ maxWidth: 480, mx: 'auto' }}>
        <Link
          component={RouterLink}
          to="/"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, mb: 3, fontWeight: 600 }}
        >
          <ArrowBackIcon fontSize="small" aria-hidden />
          Return to home
        </Link>
        <Card>
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Box sx={{ textAlign: 'center', mb: 3 }}>
              <Box
                sx={{
                  width: 48,
                  height: 48,
                  mx: 'auto',
                  mb: 1.5,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'secondary.main',
                  color: 'secondary.contrastText',
                }}
              >
                <LockOutlinedIcon aria-hidden />
              </Box>
              <Typography variant="h3" component="h1">
                {tab === 'signIn' ? 'Welcome back' : 'Create your account'}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {tab === 'signIn'
                  ? 'Sign in to see your orders, certificates and support tickets.'
                  : 'Sign up to buy with crypto and track every order in one place.'}
              </Typography>
            </Box>
            <Tabs
              value={tab}
              onChange={(_event, value: AuthTab) => onTabChange(value)}
              variant="fullWidth"
              sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
            >
              <Tab value="signIn" label="Sign In" id="auth-tab-signIn" aria-controls="auth-panel" />
              <Tab value="signUp" label="Sign Up" id="auth-tab-signUp" aria-controls="auth-panel" />
            </Tabs>
            <Box role="tabpanel" id="auth-panel" aria-labelledby={`auth-tab-${tab}`}>
              {tab === 'signIn' ? (
                <>
                  <SignInForm disabled={submitting} onSubmit={onSignIn} />
                  <PasskeySignInButton disabled={submitting} onClick={onPasskeySignIn} />
                </>
              ) : (
                <SignUpForm disabled={submitting} captchaStatus={captchaStatus} onSubmit={onSignUp} />
              )}
            </Box>
          </CardContent>
        </Card>
      </Box>
    </Container>
  );
}
