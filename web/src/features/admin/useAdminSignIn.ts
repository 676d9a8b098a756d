import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { errorMessage } from '../../apollo/errors';
import { signInSchema } from '../../../../common/validation';
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

export interface AdminSignInValues {
  email: string;
  password: string;
}

/**
 * Admin login (docs/product.md "Admin"): sign in, then check the admin role. A valid account without the role is
 * signed out again at once (its refresh cookie revoked) with 'Access Denied'. A staff account with a second factor
 * answers a challenge: `challenge` is set and `completeSignIn` finishes with a code (its message under the field when
 * refused). Resolves true when an admin is signed in.
 */
export function useAdminSignIn() {
  const toast = useToast();
  const [mutate, { loading }] = useMutation(AdminSignInMutation);
  const [complete, completing] = useMutation(AdminCompleteSignInMutation);
  const [challenge, setChallenge] = useState<string | null>(null);
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
      return false;
    }
    if (!payload.viewer?.isAdmin) return deny();
    session.signedIn(payload);
    toast({ ...ADMIN_TEXTS.loginSuccess, severity: 'success' });
    return true;
  };

  const completeSignIn = async (code: string): Promise<boolean> => {
    if (!challenge) return false;
    setCodeError(null);
    try {
      const { data } = await complete({ variables: { challenge, code } });
      if (!data) return false;
      if (!data.completeSignIn.viewer?.isAdmin) {
        setChallenge(null);
        return deny();
      }
      session.signedIn(data.completeSignIn);
      toast({ ...ADMIN_TEXTS.loginSuccess, severity: 'success' });
      return true;
    } catch (error) {
      // A spent, expired or unknown challenge cannot be retried: back to the password.
      if (CombinedGraphQLErrors.is(error) && error.errors[0]?.extensions?.code === 'UNAUTHENTICATED') {
        setChallenge(null);
        toast(failureToast(ADMIN_TEXTS.loginFailed, error));
      } else setCodeError(errorMessage(error, ADMIN_TEXTS.tryAgain));
      return false;
    }
  };

  return {
    signIn,
    loading: loading || completing.loading,
    challenge,
    codeError,
    completeSignIn,
    cancelChallenge: () => {
      setChallenge(null);
      setCodeError(null);
    },
  };
}
