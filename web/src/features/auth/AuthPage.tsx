import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { AFTER_SIGN_IN, safeRedirectPath } from '../../auth/redirect';
import { useSession } from '../../auth/useSession';
import { LoadingState } from '../../components/PageState';
import { SecondFactorForm } from '../../components/TwoFactorEnrolment';
import { AuthCard, type AuthTab } from './components/AuthCard';
import { useSignIn, useSignUp } from './useAuthMutations';

/**
 * /auth (docs/product.md "Sign in and sign up"): sign in or sign up, then go to the `redirect` parameter (same-site
 * paths only) or the dashboard. A visitor who already has a session goes there at once. An account with a second
 * factor is asked for its passkey, code or recovery code after the password; a passkey also signs in alone.
 */
export default function AuthPage() {
  const { status } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [tab, setTab] = useState<AuthTab>('signIn');
  const {
    signIn,
    loading: signingIn,
    challenge,
    hasPasskeys,
    codeAccepted,
    codeError,
    completeSignIn,
    completeSignInWithPasskey,
    signInWithPasskey,
    cancelChallenge,
  } = useSignIn();
  const { signUp, loading: signingUp, captchaStatus } = useSignUp();
  const target = safeRedirectPath(params.get('redirect')) ?? AFTER_SIGN_IN;

  if (status === 'restoring') return <LoadingState label="Loading..." />;
  if (status === 'signedIn') return <Navigate to={target} replace />;

  const done = (ok: boolean) => {
    if (ok) navigate(target, { replace: true });
  };
  if (challenge)
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
        <Card sx={{ maxWidth: 480, mx: 'auto' }}>
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
            <SecondFactorForm
              submitting={signingIn}
              error={codeError}
              onSubmit={(code) => void completeSignIn(code).then(done)}
              onPasskey={hasPasskeys ? () => void completeSignInWithPasskey().then(done) : undefined}
              codeAccepted={codeAccepted}
              onCancel={cancelChallenge}
            />
          </CardContent>
        </Card>
      </Container>
    );
  return (
    <AuthCard
      tab={tab}
      onTabChange={setTab}
      submitting={signingIn || signingUp}
      captchaStatus={captchaStatus}
      onSignIn={(values, report) => void signIn(values, report).then(done)}
      onSignUp={(values, report) => void signUp(values, report).then(done)}
      onPasskeySignIn={() => void signInWithPasskey().then(done)}
    />
  );
}
