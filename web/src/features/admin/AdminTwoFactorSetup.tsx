import { useMutation } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createPasskey, passkeysSupported } from '../../auth/passkey-browser';
import { session } from '../../auth/session';
import { AddPasskeyForm } from '../../components/AddPasskeyForm';
import { TwoFactorEnrolment, type TotpEnrolmentStart } from '../../components/TwoFactorEnrolment';
import { useToast } from '../../components/toast';
import { graphql } from '../../gql/admin';
import { failureToast } from './admin-toasts';

const BeginMutation = graphql(/* GraphQL */ `
  mutation AdminBeginTotp {
    beginTotpEnrolment {
      secret
      otpauthUrl
      qrSvg
    }
  }
`);

const ConfirmMutation = graphql(/* GraphQL */ `
  mutation AdminConfirmTotp($code: String!) {
    confirmTotpEnrolment(code: $code)
  }
`);

const BeginPasskeyMutation = graphql(/* GraphQL */ `
  mutation AdminBeginPasskeyRegistration {
    beginPasskeyRegistration
  }
`);

const AddPasskeyMutation = graphql(/* GraphQL */ `
  mutation AdminAddPasskey($name: String!, $response: String!) {
    addPasskey(name: $name, response: $response) {
      id
    }
  }
`);

/**
 * The admin panel for a staff member without a second factor while REQUIRE_STAFF_2FA is on
 * (docs/staff-and-permissions.md "Two-factor sign-in"): the server refuses every staff operation until TOTP is set
 * up, so this screen is all the panel shows: an authenticator app (TOTP), or a passkey instead. `onDone` reads the
 * viewer again and the tabs follow.
 */
export function AdminTwoFactorSetup({ email, onDone }: { email: string; onDone: () => void }) {
  const toast = useToast();
  const [begin, begun] = useMutation(BeginMutation);
  const [confirm, confirmed] = useMutation(ConfirmMutation);
  const [beginPasskey, beginningPasskey] = useMutation(BeginPasskeyMutation);
  const [addPasskey, addingPasskey] = useMutation(AddPasskeyMutation);
  const passkey = async (name: string): Promise<boolean> => {
    try {
      const options = (await beginPasskey()).data?.beginPasskeyRegistration;
      if (!options) return false;
      const outcome = await createPasskey(options);
      if ('cancelled' in outcome) return false;
      if ('error' in outcome) {
        toast({ title: 'Could not add the passkey', description: outcome.error, severity: 'error' });
        return false;
      }
      await addPasskey({ variables: { name, response: outcome.response } });
      toast({ title: 'Passkey added', description: `“${name}” now signs you in.`, severity: 'success' });
      onDone();
      return true;
    } catch (error) {
      toast(failureToast('Could not add the passkey', error));
      return false;
    }
  };
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Stack spacing={2}>
            <Typography component="h1" variant="h4">
              Set up two-factor sign-in
            </Typography>
            <Alert severity="info">
              Staff accounts need a second factor before they can use the admin panel. Signed in as {email}.
            </Alert>
            <TwoFactorEnrolment
              autoStart
              busy={begun.loading || confirmed.loading}
              begin={async (): Promise<TotpEnrolmentStart | null> => {
                try {
                  return (await begin()).data?.beginTotpEnrolment ?? null;
                } catch (error) {
                  toast(failureToast('Could not start the set-up', error));
                  return null;
                }
              }}
              confirm={async (code) => {
                try {
                  return (await confirm({ variables: { code } })).data?.confirmTotpEnrolment ?? null;
                } catch (error) {
                  toast(failureToast('Code not accepted', error));
                  return null;
                }
              }}
              onDone={onDone}
            />
            {passkeysSupported() ? (
              <>
                <Divider>or</Divider>
                <Typography>
                  Add a passkey instead: sign in with this device&apos;s fingerprint, face or screen lock, or a security
                  key.
                </Typography>
                <AddPasskeyForm busy={beginningPasskey.loading || addingPasskey.loading} onSubmit={passkey} />
              </>
            ) : null}
            <Button variant="text" onClick={() => void session.signOut()} sx={{ alignSelf: 'flex-start' }}>
              Sign out
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
