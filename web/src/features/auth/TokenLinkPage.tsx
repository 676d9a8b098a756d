import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../apollo/errors';
import { LoadingState } from '../../components/PageState';
import { graphql } from '../../gql';
import { AccountLinkCard } from './components/AccountLinkCard';

const VerifyEmailMutation = graphql(/* GraphQL */ `
  mutation AuthVerifyEmail($token: String!) {
    verifyEmail(token: $token)
  }
`);

const ConfirmEmailChangeMutation = graphql(/* GraphQL */ `
  mutation AuthConfirmEmailChange($token: String!) {
    confirmEmailChange(token: $token)
  }
`);

/**
 * What each link does. `ask` (a button and the sentence above it) makes the page wait for a click: mail scanners that
 * run a page's scripts open every link in a mail, and an e-mail change (or its undo, which also replaces the password
 * and signs every device out) must happen only when a person asks for it. Verifying an address is harmless to repeat
 * by a scanner, so it runs as the page opens.
 */
const KINDS = {
  verify: {
    document: VerifyEmailMutation,
    title: 'Confirm your e-mail address',
    ask: null,
    done: 'Your e-mail address is confirmed. Thank you.',
  },
  email: {
    document: ConfirmEmailChangeMutation,
    title: 'Your e-mail address',
    ask: {
      intro: 'Confirm that your account should use the address this link was sent to.',
      button: 'Confirm my new address',
    },
    done: 'Done: your account uses the address this link was sent to. Sign in with it.',
  },
  // The old address's "Keep my address" link (/auth/email?…&kept=1): whoever changed the address knew the password,
  // so following it replaces the password too (docs/decisions.md "Accounts and sessions").
  kept: {
    document: ConfirmEmailChangeMutation,
    title: 'Keep your e-mail address',
    ask: {
      intro:
        'This gives your account this address back and signs every device out. Your password is replaced too: we then e-mail this address a link to choose a new one.',
      button: 'Keep my address',
    },
    done: 'Done: your account has this address again and every device was signed out. We sent it a link to choose a new password: your old one no longer works.',
  },
} as const;

type State = { status: 'asking' } | { status: 'working' } | { status: 'done' } | { status: 'failed'; message: string };

/**
 * A page an e-mailed link opens with a token that needs nothing more (verify, e-mail change and its undo): the token
 * is sent once (as the page opens, or on the click its kind asks for), and the page says what happened: done, or the
 * server's one message for the token.
 */
export function TokenLinkPage({ kind: linkKind }: { kind: 'verify' | 'email' }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const kind = linkKind === 'email' && params.get('kept') === '1' ? 'kept' : linkKind;
  const { document, title, ask, done } = KINDS[kind];
  const [mutate] = useMutation(document);
  const [state, setState] = useState<State>({ status: ask ? 'asking' : 'working' });
  const sent = useRef(false);

  const send = useCallback(() => {
    // Once per page: a token is single use, and a second call would only say so.
    if (sent.current) return;
    sent.current = true;
    setState({ status: 'working' });
    mutate({ variables: { token } }).then(
      () => setState({ status: 'done' }),
      (error: unknown) =>
        setState({ status: 'failed', message: errorMessage(error, 'Could not reach the store. Please try again.') }),
    );
  }, [mutate, token]);

  useEffect(() => {
    if (!ask) send();
  }, [ask, send]);

  if (state.status === 'asking' && ask) {
    return (
      <AccountLinkCard title={title} intro={ask.intro}>
        <Button onClick={send} variant="contained" size="large" fullWidth>
          {ask.button}
        </Button>
      </AccountLinkCard>
    );
  }
  return (
    <AccountLinkCard title={title}>
      {state.status === 'working' || state.status === 'asking' ? (
        <LoadingState label="Checking the link..." />
      ) : (
        <Stack spacing={2.5}>
          <Alert severity={state.status === 'done' ? 'success' : 'error'} role="status">
            {state.status === 'done' ? done : state.message}
          </Alert>
          <Button component={RouterLink} to="/dashboard?tab=profile" variant="contained">
            Go to your account
          </Button>
        </Stack>
      )}
    </AccountLinkCard>
  );
}
