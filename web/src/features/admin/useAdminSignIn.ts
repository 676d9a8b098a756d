import { useMutation } from '@apollo/client/react';
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
 * signed out again at once (its refresh cookie revoked) with 'Access Denied'. Resolves true when an
 * admin is signed in.
 */
export function useAdminSignIn() {
  const toast = useToast();
  const [mutate, { loading }] = useMutation(AdminSignInMutation);

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
    if (!payload.viewer.isAdmin) {
      // The server already set this account's refresh cookie: revoke it, and end any earlier session.
      await session.signOut();
      toast({ ...ADMIN_TEXTS.accessDenied, severity: 'error' });
      return false;
    }
    session.signedIn(payload);
    toast({ ...ADMIN_TEXTS.loginSuccess, severity: 'success' });
    return true;
  };

  return { signIn, loading };
}
