import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import { STAFF_ROLE_LABELS } from '../../../../common/staff';
import { errorMessage } from '../../apollo/errors';
import { signInPath } from '../../auth/redirect';
import { useSession } from '../../auth/useSession';
import { LoadingState } from '../../components/PageState';
import { graphql } from '../../gql';
import { AccountLinkCard } from './components/AccountLinkCard';

const AcceptStaffInvitationMutation = graphql(/* GraphQL */ `
  mutation AuthAcceptStaffInvitation($token: String!) {
    acceptStaffInvitation(token: $token) {
      id
      role
    }
  }
`);

type State =
  | { status: 'asking' }
  | { status: 'working' }
  | { status: 'done'; role: keyof typeof STAFF_ROLE_LABELS }
  | { status: 'failed'; message: string };

/**
 * /auth/invite?token=: a staff invitation's link (docs/staff-and-permissions.md). Signed out, it asks to sign in, or to
 * create an account, with the invited address and comes back here; signed in, one click accepts it (never on opening:
 * mail scanners open links). The server checks the address is the one invited.
 */
export default function StaffInvitePage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token') ?? '';
  const { status } = useSession();
  const [accept] = useMutation(AcceptStaffInvitationMutation);
  const [state, setState] = useState<State>({ status: 'asking' });
  const sent = useRef(false);

  const send = () => {
    // Once per page: the token is single use, and a second call would only say so.
    if (sent.current) return;
    sent.current = true;
    setState({ status: 'working' });
    accept({ variables: { token } }).then(
      ({ data }) => setState({ status: 'done', role: data!.acceptStaffInvitation.role }),
      (error: unknown) => {
        sent.current = false;
        setState({ status: 'failed', message: errorMessage(error, 'Could not reach the store. Please try again.') });
      },
    );
  };

  if (status === 'restoring') return <LoadingState label="Checking your session..." />;
  if (status !== 'signedIn') {
    return (
      <AccountLinkCard
        title="Join the staff"
        intro="Sign in with the e-mail address this invitation was sent to, or create an account with it. You come back here to accept."
      >
        <Button
          component={RouterLink}
          to={signInPath(`${location.pathname}${location.search}`)}
          variant="contained"
          size="large"
          fullWidth
        >
          Sign in or create an account
        </Button>
      </AccountLinkCard>
    );
  }
  if (state.status === 'done') {
    return (
      <AccountLinkCard title="Join the staff">
        <Stack spacing={2.5}>
          <Alert severity="success" role="status">
            Welcome to the staff: your role is {STAFF_ROLE_LABELS[state.role]}.
          </Alert>
          <Button component={RouterLink} to="/admin/dashboard" variant="contained">
            Open the admin panel
          </Button>
        </Stack>
      </AccountLinkCard>
    );
  }
  return (
    <AccountLinkCard title="Join the staff" intro="Accept the invitation for the account you are signed in with.">
      <Stack spacing={2}>
        {state.status === 'failed' ? (
          <Alert severity="error" role="alert">
            {state.message}
          </Alert>
        ) : null}
        <Button onClick={send} variant="contained" size="large" fullWidth disabled={state.status === 'working'}>
          {state.status === 'working' ? 'Accepting...' : 'Accept the invitation'}
        </Button>
      </Stack>
    </AccountLinkCard>
  );
}
