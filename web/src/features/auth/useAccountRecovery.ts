import { useMutation } from '@apollo/client/react';
import { z } from 'zod';
import { emailSchema, resetPasswordSchema } from '../../../../common/validation';
import { errorMessage } from '../../apollo/errors';
import { confirmationMessages, serverFieldMessages } from '../../components/field-errors';
import { useToast } from '../../components/toast';
import { parseOrToast, type ReportFieldErrors } from '../../components/validation-toast';
import { graphql } from '../../gql';

const RequestPasswordResetMutation = graphql(/* GraphQL */ `
  mutation AuthRequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email)
  }
`);

const ResetPasswordMutation = graphql(/* GraphQL */ `
  mutation AuthResetPassword($token: String!, $password: String!) {
    resetPassword(token: $token, password: $password)
  }
`);

const NETWORK_FAILURE = 'Could not reach the store. Please check your connection and try again.';

/** "Forgot password?": validate the address, ask for a link. Resolves true once asked (the answer is always true). */
export function useRequestPasswordReset() {
  const toast = useToast();
  const [mutate, { loading }] = useMutation(RequestPasswordResetMutation);
  const request = async (email: string, report?: ReportFieldErrors): Promise<boolean> => {
    const parsed = parseOrToast(z.object({ email: emailSchema }), { email }, toast, report);
    if (!parsed) return false;
    try {
      await mutate({ variables: { email: parsed.email } });
      return true;
    } catch (error) {
      report?.(serverFieldMessages(error));
      toast({ title: 'Error', description: errorMessage(error, NETWORK_FAILURE), severity: 'error' });
      return false;
    }
  };
  return { request, loading };
}

/**
 * The reset page: the new password under the spec's rules (typed twice), then the link's token. Resolves true when
 * changed. The password's messages go under its fields; the token's (a spent or expired link) has no field and stays
 * the toast.
 */
export function useResetPassword() {
  const toast = useToast();
  const [mutate, { loading }] = useMutation(ResetPasswordMutation);
  const reset = async (
    token: string,
    password: string,
    confirm: string,
    report?: ReportFieldErrors,
  ): Promise<boolean> => {
    const mismatch = confirmationMessages(password, confirm);
    const parsed = parseOrToast(resetPasswordSchema, { token, password }, toast, report, mismatch);
    if (!parsed) return false;
    try {
      await mutate({ variables: parsed });
      toast({
        title: 'Password changed',
        description: 'Sign in with your new password. Every device was signed out.',
        severity: 'success',
      });
      return true;
    } catch (error) {
      report?.(serverFieldMessages(error));
      toast({ title: 'Error', description: errorMessage(error, NETWORK_FAILURE), severity: 'error' });
      return false;
    }
  };
  return { reset, loading };
}
