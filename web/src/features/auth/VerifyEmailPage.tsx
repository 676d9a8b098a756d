import { TokenLinkPage } from './TokenLinkPage';

/** /auth/verify?token=: the sign-up's (or a resend's) confirmation link. */
export default function VerifyEmailPage() {
  return <TokenLinkPage kind="verify" />;
}
