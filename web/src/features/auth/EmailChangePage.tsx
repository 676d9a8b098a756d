import { TokenLinkPage } from './TokenLinkPage';

/** /auth/email?token=: the new address's confirmation link, or the old address's link that keeps it. */
export default function EmailChangePage() {
  return <TokenLinkPage kind="email" />;
}
