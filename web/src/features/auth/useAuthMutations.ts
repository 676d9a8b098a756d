import { useMutation } from '@apollo/client/react';
import { signInSchema, signUpSchema } from '../../../../common/validation';
import { errorMessage } from '../../apollo/errors';
import { session } from '../../auth/session';
import { useToast } from '../../components/toast';
import { parseOrToast } from '../../components/validation-toast';
import { graphql } from '../../gql';
import type { SignInValues } from './components/SignInForm';
import type { SignUpValues } from './components/SignUpForm';

const SignInMutation = graphql(/* GraphQL */ `
  mutation AuthPageSignIn($input: SignInInput!) {
    signIn(input: $input) {
      accessToken
      expiresAt
    }
  }
`);

const SignUpMutation = graphql(/* GraphQL */ `
  mutation AuthPageSignUp($input: SignUpInput!) {
    signUp(input: $input) {
      accessToken
      expiresAt
    }
  }
`);

const NETWORK_FAILURE = 'Could not reach the store. Please check your connection and try again.';

/**
 * Sign in: validate (first message as 'Validation Error'), call the API, toast the outcome and start
 * the session. Resolves true when signed in.
 */
export function useSignIn() {
  const toast = useToast();
  const [mutate, { loading }] = useMutation(SignInMutation);
  const signIn = async (values: SignInValues): Promise<boolean> => {
    const parsed = parseOrToast(signInSchema, values, toast);
    if (!parsed) return false;
    try {
      const { data } = await mutate({ variables: { input: parsed } });
      if (!data) return false;
      toast({ title: 'Welcome back!', description: 'Signed in successfully.', severity: 'success' });
      session.signedIn(data.signIn);
      return true;
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, NETWORK_FAILURE), severity: 'error' });
      return false;
    }
  };
  return { signIn, loading };
}

/** Sign up: as sign-in; the API signs the new account in at once. */
export function useSignUp() {
  const toast = useToast();
  const [mutate, { loading }] = useMutation(SignUpMutation);
  const signUp = async (values: SignUpValues): Promise<boolean> => {
    const parsed = parseOrToast(signUpSchema, values, toast);
    if (!parsed) return false;
    try {
      const { data } = await mutate({ variables: { input: parsed } });
      if (!data) return false;
      toast({
        title: 'Success!',
        description: 'Account created successfully. You can now sign in.',
        severity: 'success',
      });
      session.signedIn(data.signUp);
      return true;
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, NETWORK_FAILURE), severity: 'error' });
      return false;
    }
  };
  return { signUp, loading };
}
