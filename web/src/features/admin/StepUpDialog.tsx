import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../apollo/errors';
import { signWithPasskey } from '../../auth/passkey-browser';
import { stepUp } from '../../auth/step-up';
import { ConfirmItIsYouDialog } from '../../components/ConfirmItIsYouDialog';
import { useToast } from '../../components/toast';
import { graphql } from '../../gql/admin';
import { ADMIN_TEXTS } from './adminTexts';

const FactorsQuery = graphql(/* GraphQL */ `
  query AdminStepUpFactors {
    me {
      id
      totpEnabled
      passkeys {
        id
      }
    }
  }
`);

const ConfirmSecondFactorMutation = graphql(/* GraphQL */ `
  mutation AdminConfirmSecondFactor($code: String!) {
    confirmSecondFactor(code: $code)
  }
`);

const ConfirmPasswordMutation = graphql(/* GraphQL */ `
  mutation AdminConfirmPassword($password: String!) {
    confirmPassword(password: $password)
  }
`);

const BeginPasskeyMutation = graphql(/* GraphQL */ `
  mutation AdminBeginPasskeyConfirmation {
    beginPasskeyConfirmation
  }
`);

const ConfirmPasskeyMutation = graphql(/* GraphQL */ `
  mutation AdminConfirmSecondFactorWithPasskey($response: String!) {
    confirmSecondFactorWithPasskey(response: $response)
  }
`);

/**
 * Opens when a sensitive action was refused for a stale second-factor check (auth/step-up.ts): a passkey or a code
 * from the authenticator app (or a recovery code) confirms the session for 10 minutes, then the action is repeated. An
 * account without a factor, adding its first one, confirms with its password (confirmPassword).
 */
export function StepUpDialog() {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const factors = useQuery(FactorsQuery, { skip: !open, fetchPolicy: 'network-only' });
  const [confirm, confirming] = useMutation(ConfirmSecondFactorMutation);
  const [confirmPassword, confirmingPassword] = useMutation(ConfirmPasswordMutation);
  const [begin, beginning] = useMutation(BeginPasskeyMutation);
  const [confirmPasskey, confirmingPasskey] = useMutation(ConfirmPasskeyMutation);
  useEffect(() => stepUp.onRequired(() => setOpen(true)), []);

  const confirmed = () => {
    setOpen(false);
    toast({ title: 'Confirmed', description: 'Now repeat the action.', severity: 'success' });
    return null;
  };
  const me = factors.data?.me;
  return (
    <ConfirmItIsYouDialog
      open={open}
      busy={confirming.loading || confirmingPassword.loading || beginning.loading || confirmingPasskey.loading}
      onClose={() => setOpen(false)}
      factors={me ? { totp: me.totpEnabled, passkeys: me.passkeys.length > 0 } : null}
      onCode={async (code) => {
        try {
          await confirm({ variables: { code } });
          return confirmed();
        } catch (failure) {
          return errorMessage(failure, ADMIN_TEXTS.tryAgain);
        }
      }}
      onPassword={async (password) => {
        try {
          await confirmPassword({ variables: { password } });
          return confirmed();
        } catch (failure) {
          return errorMessage(failure, ADMIN_TEXTS.tryAgain);
        }
      }}
      onPasskey={async () => {
        try {
          const options = (await begin()).data?.beginPasskeyConfirmation;
          if (!options) return ADMIN_TEXTS.tryAgain;
          const outcome = await signWithPasskey(options);
          if ('cancelled' in outcome) return null;
          if ('error' in outcome) return outcome.error;
          await confirmPasskey({ variables: { response: outcome.response } });
          return confirmed();
        } catch (failure) {
          return errorMessage(failure, ADMIN_TEXTS.tryAgain);
        }
      }}
    />
  );
}
