import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AccountLinkCard } from './components/AccountLinkCard';
import { ForgotPasswordForm } from './components/ForgotPasswordForm';
import { NewPasswordForm } from './components/NewPasswordForm';
import { useRequestPasswordReset, useResetPassword } from './useAccountRecovery';

/**
 * /auth/reset: without a token, "Forgot password?" (the address to mail a link to); with the mailed link's token, the
 * new password. After a reset every device is signed out, so the customer signs in again on /auth.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const { request, loading: requesting } = useRequestPasswordReset();
  const { reset, loading: resetting } = useResetPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (token) {
    return (
      <AccountLinkCard title="Choose a new password" intro="Every device signed in to your account will be signed out.">
        <NewPasswordForm
          disabled={resetting}
          onSubmit={(password, confirm, report) =>
            void reset(token, password, confirm, report).then((ok) => ok && navigate('/auth', { replace: true }))
          }
        />
      </AccountLinkCard>
    );
  }
  return (
    <AccountLinkCard
      title="Forgot your password?"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm
        disabled={requesting}
        sentTo={sentTo}
        onSubmit={(email, report) => void request(email, report).then((ok) => ok && setSentTo(email.trim()))}
      />
    </AccountLinkCard>
  );
}
