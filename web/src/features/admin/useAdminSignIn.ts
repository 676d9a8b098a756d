import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { errorMessage } from '../../apollo/errors';
import { signInSchema } from '../../../../common/validation';
import { signWithPasskey } from '../../auth/passkey-browser';
import { session } from '../../auth/session';
import { useToast } from '../../components/toast';
import { parseOrToast, type ReportFieldErrors } from '../../components/validation-toast';
import { graphql } from '../../gql/admin';
import { failureToast } from './admin-toasts';
import { ADMIN_TEXTS } from './adminTexts';

const AdminSignInMutation = graphql(/* GraphQL */ `
  mutation AdminLoginSignIn($input: SignInInput!) {
    signIn(input: $input) {
      accessToken
      expiresAt
      secondFactorRequired
      challenge
      passkeyOptions
      codeAccepted
      viewer {
        id
        isAdmin
      }
    }
  }
`);

const AdminCompleteSignInMutation = graphql(/* GraphQL */ `
  mutation AdminLoginCompleteSignIn($challenge: String!, $code: String!) {
    completeSignIn(challenge: $challenge, code: $code) {
      accessToken
      expiresAt
      viewer {
        id
        isAdmin
      }
    }
  }
`);

const AdminCompleteSignInWithPasskeyMutation = graphql(/* GraphQL */ `
  mutation AdminLoginCompleteSignInWithPasskey($challenge: String!, $response: String!) {
    completeSignInWithPasskey(challenge: $challenge, response: $response) {
      accessToken
      expiresAt
      viewer {
        id
        isAdmin
      }
    }
  }
`);

const AdminBeginPasskeySignInMutation = graphql(/* GraphQL */ `
  mutation AdminLoginBeginPasskeySignIn {
    beginPasskeySignIn
  }
`);

const AdminSignInWithPasskeyMutation = graphql(/* GraphQL */ `
  mutation AdminLoginSignInWithPasskey($response: String!) {
    signInWithPasskey(response: $response) {
      accessToken
      expiresAt
      viewer {
        id
        isAdmin
      }
    }
  }
`);

type AdminSignedIn = { accessToken: string; expiresAt: string; viewer: { isAdmin: boolean } | null };

export interface AdminSignInValues {
  email: string;
  password: string;
}

/**
 * Admin login (docs/product.md "Admin"): sign in, then check the admin role. A valid account without the role is
 * signed out again at once (its refresh cookie revoked) with 'Access Denied'. A staff account with a second factor
 * answers a challenge: `challenge` is set and `completeSignIn` finishes with a code (its message under the field when
 * refused), or `completeSignInWithPasskey` with one of its passkeys (`hasPasskeys`). `signInWithPasskey` signs in with
 * a passkey alone, which is both factors. Each resolves true when an admin is signed in.
 */
export function useAdminSignIn() {
  const toast = useToast();
  const [mutate, { loading }] = useMutation(AdminSignInMutation);
  const [complete, completing] = useMutation(AdminCompleteSignInMutation);
  const [completeWithPasskey, completingWithPasskey] = useMutation(AdminCompleteSignInWithPasskeyMutation);
  const [beginPasskeySignIn, beginning] = useMutation(AdminBeginPasskeySignInMutation);
  const [passkeySignIn, passkeySigningIn] = useMutation(AdminSignInWithPasskeyMutation);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [passkeyOptions, setPasskeyOptions] = useState<string | null>(null);
  const [codeAccepted, setCodeAccepted] = useState(true);
  const [codeError, setCodeError] = useState<string | null>(null);

  /** A valid account without a staff role: the server already set its refresh cookie; revoke it, and end any earlier session. */
  const deny = async (): Promise<false> => {
    await session.signOut();
    toast({ ...ADMIN_TEXTS.accessDenied, severity: 'error' });
    return false;
  };

  const signIn = async (values: AdminSignInValues, report?: ReportFieldErrors): Promise<boolean> => {
    const parsed = parseOrToast(signInSchema, values, toast, report);
    if (!parsed) return false;
    let payload;
    try {
      const { data } = await mutate({ variables: { input: parsed } });
      payload = data?.signIn;
    } catch (error) {
      toast(failureToast(ADMIN_TEXTS.loginFailed, error));
      return false;
    }
    if (!payload) return false;
    // With a second factor the server shows no viewer before the code: the role is checked after completeSignIn.
    if (payload.secondFactorRequired && payload.challenge) {
      setChallenge(payload.challenge);
      setPasskeyOptions(payload.passkeyOptions ?? null);
      setCodeAccepted(payload.codeAccepted);
      return false;
    }
    if (!payload.viewer?.isAdmin) return deny();
    session.signedIn(payload);
    toast({ ...ADMIN_TEXTS.loginSuccess, severity: 'success' });
    return true;
  };

  /** Signed in past every factor: an admin gets the panel, anyone else is signed out again. */
  const admit = (payload: AdminSignedIn): Promise<boolean> | true => {
    setChallenge(null);
    if (!payload.viewer?.isAdmin) return deny();
    session.signedIn(payload);
    toast({ ...ADMIN_TEXTS.loginSuccess, severity: 'success' });
    return true;
  };

  /** A refused second step: a spent, expired or unknown challenge cannot be retried, so back to the password. */
  const refused = (error: unknown): false => {
    if (CombinedGraphQLErrors.is(error) && error.errors[0]?.extensions?.code === 'UNAUTHENTICATED') {
      setChallenge(null);
      toast(failureToast(ADMIN_TEXTS.loginFailed, error));
    } else setCodeError(errorMessage(error, ADMIN_TEXTS.tryAgain));
    return false;
  };

  const completeSignIn = async (code: string): Promise<boolean> => {
    if (!challenge) return false;
    setCodeError(null);
    try {
      const { data } = await complete({ variables: { challenge, code } });
      return data ? admit(data.completeSignIn) : false;
    } catch (error) {
      return refused(error);
    }
  };

  const completeSignInWithPasskey = async (): Promise<boolean> => {
    if (!challenge || !passkeyOptions) return false;
    setCodeError(null);
    const outcome = await signWithPasskey(passkeyOptions);
    if ('cancelled' in outcome) return false;
    if ('error' in outcome) {
      setCodeError(outcome.error);
      return false;
    }
    try {
      const { data } = await completeWithPasskey({ variables: { challenge, response: outcome.response } });
      return data ? admit(data.completeSignInWithPasskey) : false;
    } catch (error) {
      return refused(error);
    }
  };

  const signInWithPasskey = async (): Promise<boolean> => {
    try {
      const options = (await beginPasskeySignIn()).data?.beginPasskeySignIn;
      if (!options) return false;
      const outcome = await signWithPasskey(options);
      if ('cancelled' in outcome) return false;
      if ('error' in outcome) {
        toast({ title: ADMIN_TEXTS.loginFailed, description: outcome.error, severity: 'error' });
        return false;
      }
      const { data } = await passkeySignIn({ variables: { response: outcome.response } });
      return data ? admit(data.signInWithPasskey) : false;
    } catch (error) {
      toast(failureToast(ADMIN_TEXTS.loginFailed, error));
      return false;
    }
  };

  return {
    signIn,
    loading:
      loading || completing.loading || completingWithPasskey.loading || beginning.loading || passkeySigningIn.loading,
    challenge,
    hasPasskeys: !!passkeyOptions,
    codeAccepted,
    codeError,
    completeSignIn,
    completeSignInWithPasskey,
    signInWithPasskey,
    cancelChallenge: () => {
      setChallenge(null);
      setCodeError(null);
    },
  };
}
