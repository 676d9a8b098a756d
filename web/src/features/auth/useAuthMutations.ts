import type { TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import type { z } from 'zod';
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

type TokenPayload = Parameters<typeof session.signedIn>[0];

/**
 * The flow both share: validate (first message as 'Validation Error'), call the API, toast the outcome
 * and start the session. Resolves true when signed in.
 */
function useAuthMutation<TData, TInput, TValues>(
  document: TypedDocumentNode<TData, { input: TInput }>,
  schema: z.ZodType<TInput, TValues>,
  token: (data: TData) => TokenPayload,
  success: { title: string; description: string },
) {
  const toast = useToast();
  const [mutate, { loading }] = useMutation(document);
  const submit = async (values: TValues): Promise<boolean> => {
    const parsed = parseOrToast(schema, values, toast);
    if (!parsed) return false;
    try {
      const { data } = await mutate({ variables: { input: parsed } });
      if (!data) return false;
      toast({ ...success, severity: 'success' });
      session.signedIn(token(data));
      return true;
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, NETWORK_FAILURE), severity: 'error' });
      return false;
    }
  };
  return { submit, loading };
}

/** Sign in: welcomes the customer back. */
export function useSignIn() {
  const { submit, loading } = useAuthMutation(SignInMutation, signInSchema, (data) => data.signIn, {
    title: 'Welcome back!',
    description: 'Signed in successfully.',
  });
  const signIn: (values: SignInValues) => Promise<boolean> = submit;
  return { signIn, loading };
}

/** Sign up: as sign-in; the API signs the new account in at once. */
export function useSignUp() {
  const { submit, loading } = useAuthMutation(SignUpMutation, signUpSchema, (data) => data.signUp, {
    title: 'Success!',
    description: 'Account created successfully. You can now sign in.',
  });
  const signUp: (values: SignUpValues) => Promise<boolean> = submit;
  return { signUp, loading };
}
