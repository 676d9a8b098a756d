import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useToast } from '../components/toast';
import { signInPath } from './redirect';
import type { SessionStatus } from './session';
import { useSession } from './useSession';

/** The toast title when a page needs a session (docs/product.md "Messages"). */
const AUTH_REQUIRED_TITLE = 'Authentication Required';

/**
 * For pages that need a session (checkout, verify): once the session is known to be signed out, shows
 * 'Authentication Required' with `description` (once) and replaces the page with the sign-in page, which returns to this exact address.
 * Returns the session status so the page can show 'Verifying authentication...' while restoring.
 */
export function useRequireSignIn(description: string): SessionStatus {
  const { status } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const sent = useRef(false);

  useEffect(() => {
    if (status !== 'signedOut' || sent.current) return;
    sent.current = true;
    toast({ title: AUTH_REQUIRED_TITLE, description, severity: 'warning' });
    navigate(signInPath(location.pathname + location.search), { replace: true });
  }, [status, description, toast, navigate, location.pathname, location.search]);

  return status;
}
