import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
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

const KINDS = {
  verify: {
    document: VerifyEmailMutation,
    title: 'Confirm your e-mail address',
    done: 'Your e-mail address is confirmed. Thank you.',
    keptDone: null,
  },
  email: {
    document: ConfirmEmailChangeMutation,
    title: 'Your e-mail address',
    done: 'Done: your account uses the address this link was sent to. Sign in with it.',
    // The old address's "Keep my address" link (…&kept=1): whoever changed the address knew the password, so it was
    // replaced too (docs/decisions.md "Accounts and sessions").
    keptDone:
      'Done: your account has this address again and every device was signed out. We sent it a link to choose a new password: your old one no longer works.',
  },
} as const;

type State = { status: 'working' } | { status: 'done' } | { status: 'failed'; message: string };

/**
 * A page an e-mailed link opens with a token that needs nothing more (verify, e-mail change and its undo): it is sent
 * once when the page opens, and the page says what happened: done, or the server's one message for the token.
 */
export function TokenLinkPage({ kind }: { kind: keyof typeof KINDS }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { document, title, done: doneText, keptDone } = KINDS[kind];
  const done = (params.get('kept') === '1' && keptDone) || doneText;
  const [mutate] = useMutation(document);
  const [state, setState] = useState<State>({ status: 'working' });
  const sent = useRef(false);

  useEffect(() => {
    // Once per page: a token is single use, and a second call would only say so.
    if (sent.current) return;
    sent.current = true;
    mutate({ variables: { token } }).then(
      () => setState({ status: 'done' }),
      (error: unknown) =>
        setState({ status: 'failed', message: errorMessage(error, 'Could not reach the store. Please try again.') }),
    );
  }, [mutate, token]);

  return (
    <AccountLinkCard title={title}>
      {state.status === 'working' ? (
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
