import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../apollo/errors';
import { signWithPasskey } from '../../auth/passkey-browser';
import { stepUp } from '../../auth/step-up';
import { ConfirmItIsYouDialog } from '../../components/ConfirmItIsYouDialog';
import { useToast } from '../../components/toast';
import { graphql } from '../../gql';

const FactorsQuery = graphql(/* GraphQL */ `
  query DashboardStepUpFactors {
    me {
      id
      totpEnabled
      passkeys {
        id
      }
    }
  }
`);

const ConfirmCodeMutation = graphql(/* GraphQL */ `
  mutation DashboardConfirmSecondFactor($code: String!) {
    confirmSecondFactor(code: $code)
  }
`);

const ConfirmPasswordMutation = graphql(/* GraphQL */ `
  mutation DashboardConfirmPassword($password: String!) {
    confirmPassword(password: $password)
  }
`);

const BeginPasskeyMutation = graphql(/* GraphQL */ `
  mutation DashboardBeginPasskeyConfirmation {
    beginPasskeyConfirmation
  }
`);

const ConfirmPasskeyMutation = graphql(/* GraphQL */ `
  mutation DashboardConfirmSecondFactorWithPasskey($response: String!) {
    confirmSecondFactorWithPasskey(response: $response)
  }
`);

const TRY_AGAIN = 'Something went wrong. Please try again.';

/**
 * The dashboard's step-up (auth/step-up.ts): changing the account's own factors (adding a passkey once it has one,
 * removing one) asks for a check within 10 minutes; this dialog takes it, then the person repeats the action. Adding
 * the first factor asks too: then the check is the password (confirmPassword).
 */
export function DashboardStepUpDialog() {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const factors = useQuery(FactorsQuery, { skip: !open, fetchPolicy: 'network-only' });
  const [confirmCode, confirmingCode] = useMutation(ConfirmCodeMutation);
  const [confirmPassword, confirmingPassword] = useMutation(ConfirmPasswordMutation);
  const [begin, beginning] = useMutation(BeginPasskeyMutation);
  const [confirmPasskey, confirmingPasskey] = useMutation(ConfirmPasskeyMutation);
  useEffect(() => stepUp.onRequired(() => setOpen(true)), []);

  const confirmed = () => {
    setOpen(false);
    toast({ title: 'Confirmed', description: 'Now repeat the change.', severity: 'success' });
    return null;
  };
  const me = factors.data?.me;
  return (
    <ConfirmItIsYouDialog
      open={open}
      busy={confirmingCode.loading || confirmingPassword.loading || beginning.loading || confirmingPasskey.loading}
      onClose={() => setOpen(false)}
      factors={me ? { totp: me.totpEnabled, passkeys: me.passkeys.length > 0 } : null}
      onCode={async (code) => {
        try {
          await confirmCode({ variables: { code } });
          return confirmed();
        } catch (failure) {
          return errorMessage(failure, TRY_AGAIN);
        }
      }}
      onPassword={async (password) => {
        try {
          await confirmPassword({ variables: { password } });
          return confirmed();
        } catch (failure) {
          return errorMessage(failure, TRY_AGAIN);
        }
      }}
      onPasskey={async () => {
        try {
          const options = (await begin()).data?.beginPasskeyConfirmation;
          if (!options) return TRY_AGAIN;
          const outcome = await signWithPasskey(options);
          if ('cancelled' in outcome) return null;
          if ('error' in outcome) return outcome.error;
          await confirmPasskey({ variables: { response: outcome.response } });
          return confirmed();
        } catch (failure) {
          return errorMessage(failure, TRY_AGAIN);
        }
      }}
    />
  );
}
