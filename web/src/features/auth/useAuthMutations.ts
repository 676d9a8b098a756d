import type { TypedDocumentNode } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import type { z } from 'zod';
import { signInSchema, signUpSchema } from '../../../../common/validation';
import { errorMessage } from '../../apollo/errors';
import { signWithPasskey } from '../../auth/passkey-browser';
import { session } from '../../auth/session';
import { CaptchaFailedError, useCaptcha } from '../../captcha/useCaptcha';
import { useToast } from '../../components/toast';
import { serverFieldMessages } from '../../components/field-errors';
import { parseOrToast, type ReportFieldErrors } from '../../components/validation-toast';
import { graphql } from '../../gql';
import type { SignUpInput } from '../../gql/graphql';
import type { SignInValues } from './components/SignInForm';
import type { SignUpValues } from './components/SignUpForm';

const SignInMutation = graphql(/* GraphQL */ `
  mutation AuthPageSignIn($input: SignInInput!) {
    signIn(input: $input) {
      accessToken
      expiresAt
      secondFactorRequired
      challenge
      passkeyOptions
      codeAccepted
    }
  }
`);

const CompleteSignInWithPasskeyMutation = graphql(/* GraphQL */ `
  mutation AuthPageCompleteSignInWithPasskey($challenge: String!, $response: String!) {
    completeSignInWithPasskey(challenge: $challenge, response: $response) {
      accessToken
      expiresAt
    }
  }
`);

const BeginPasskeySignInMutation = graphql(/* GraphQL */ `
  mutation AuthPageBeginPasskeySignIn {
    beginPasskeySignIn
  }
`);

const SignInWithPasskeyMutation = graphql(/* GraphQL */ `
  mutation AuthPageSignInWithPasskey($response: String!) {
    signInWithPasskey(response: $response) {
      accessToken
      expiresAt
    }
  }
`);

const CompleteSignInMutation = graphql(/* GraphQL */ `
  mutation AuthPageCompleteSignIn($challenge: String!, $code: String!) {
    completeSignIn(challenge: $challenge, code: $code) {
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

type TokenPayload = Parameters<typeof session.signedIn>[0] & {
  /** Sign-in of an account with a second factor: no token yet, the challenge for completeSignIn instead. */
  secondFactorRequired?: boolean;
  challenge?: string | null;
  /** With the challenge, when the account has passkeys: the options for completeSignInWithPasskey. */
  passkeyOptions?: string | null;
  /** With the challenge: whether completeSignIn takes a code (the account has TOTP). */
  codeAccepted?: boolean;
};

/** Sends the validated input; sign-up passes it through the CAPTCHA (`withCaptcha`), sign-in sends it as it is. */
type Sender<TData, TInput> = (
  send: (input: TInput) => Promise<{ data?: TData | null }>,
  input: TInput,
) => Promise<{ data?: TData | null }>;

/**
 * The flow both share: validate (first message as 'Validation Error', every field's under the field through
 * `report`), call the API, toast the outcome and start the session. A refusal that names fields (a taken e-mail) is
 * shown under them too. Resolves true when signed in.
 */
function useAuthMutation<TData, TInput, TValues>(
  document: TypedDocumentNode<TData, { input: TInput }>,
  schema: z.ZodType<TInput, TValues>,
  token: (data: TData) => TokenPayload,
  success: { title: string; description: string },
  sender: Sender<TData, TInput> = (send, input) => send(input),
  onChallenge?: (challenge: SignInChallenge) => void,
) {
  const toast = useToast();
  const [mutate, { loading }] = useMutation(document);
  const submit = async (values: TValues, report?: ReportFieldErrors): Promise<boolean> => {
    const parsed = parseOrToast(schema, values, toast, report);
    if (!parsed) return false;
    try {
      const { data } = await sender((input) => mutate({ variables: { input } }), parsed);
      if (!data) return false;
      const payload = token(data);
      if (payload.secondFactorRequired && payload.challenge) {
        onChallenge?.({
          challenge: payload.challenge,
          passkeyOptions: payload.passkeyOptions ?? null,
          codeAccepted: payload.codeAccepted ?? true,
        });
        return false;
      }
      toast({ ...success, severity: 'success' });
      session.signedIn(payload);
      return true;
    } catch (error) {
      report?.(serverFieldMessages(error));
      const description = error instanceof CaptchaFailedError ? error.message : errorMessage(error, NETWORK_FAILURE);
      toast({ title: 'Error', description, severity: 'error' });
      return false;
    }
  };
  return { submit, loading };
}

const WELCOME = { title: 'Welcome back!', description: 'Signed in successfully.' };

/** The step between a password and its second factor: the challenge, and the options for a passkey if any. */
export interface SignInChallenge {
  challenge: string;
  passkeyOptions: string | null;
  codeAccepted: boolean;
}

/**
 * Sign in: welcomes the customer back. An account with a second factor answers a challenge instead of a session:
 * `challenge` is then set, and `completeSignIn` finishes with a code (the field's message when refused), or
 * `completeSignInWithPasskey` with a passkey when the account has some (`hasPasskeys`). `signInWithPasskey` signs in
 * with a passkey alone.
 */
export function useSignIn() {
  const toast = useToast();
  const [pending, setPending] = useState<SignInChallenge | null>(null);
  const challenge = pending?.challenge ?? null;
  const setChallenge = (value: null) => setPending(value);
  const [codeError, setCodeError] = useState<string | null>(null);
  const { submit, loading } = useAuthMutation(
    SignInMutation,
    signInSchema,
    (data) => data.signIn,
    WELCOME,
    undefined,
    setPending,
  );
  const [complete, completing] = useMutation(CompleteSignInMutation);
  const [completeWithPasskey, completingWithPasskey] = useMutation(CompleteSignInWithPasskeyMutation);
  const [beginPasskeySignIn, beginning] = useMutation(BeginPasskeySignInMutation);
  const [passkeySignIn, passkeySigningIn] = useMutation(SignInWithPasskeyMutation);
  const signIn: (values: SignInValues, report?: ReportFieldErrors) => Promise<boolean> = submit;
  /**
   * A refused second step: a spent, expired or unknown challenge cannot be retried, so back to the password; anything
   * else goes under the code field.
   */
  const refused = (error: unknown): false => {
    const message = errorMessage(error, NETWORK_FAILURE);
    if (CombinedGraphQLErrors.is(error) && error.errors[0]?.extensions?.code === 'UNAUTHENTICATED') {
      setChallenge(null);
      toast({ title: 'Error', description: message, severity: 'error' });
    } else setCodeError(message);
    return false;
  };
  const welcome = (payload: Parameters<typeof session.signedIn>[0]): true => {
    toast({ ...WELCOME, severity: 'success' });
    session.signedIn(payload);
    return true;
  };
  /** The second step with a passkey (the account has some: signIn sent their options). */
  const completeSignInWithPasskey = async (): Promise<boolean> => {
    if (!pending?.passkeyOptions) return false;
    setCodeError(null);
    const outcome = await signWithPasskey(pending.passkeyOptions);
    if ('cancelled' in outcome) return false;
    if ('error' in outcome) {
      setCodeError(outcome.error);
      return false;
    }
    try {
      const { data } = await completeWithPasskey({
        variables: { challenge: pending.challenge, response: outcome.response },
      });
      return data ? welcome(data.completeSignInWithPasskey) : false;
    } catch (error) {
      return refused(error);
    }
  };
  /** Sign-in with a passkey alone: no e-mail, the browser offers the passkeys it has for this store. */
  const signInWithPasskey = async (): Promise<boolean> => {
    try {
      const options = (await beginPasskeySignIn()).data?.beginPasskeySignIn;
      if (!options) return false;
      const outcome = await signWithPasskey(options);
      if ('cancelled' in outcome) return false;
      if ('error' in outcome) {
        toast({ title: 'Error', description: outcome.error, severity: 'error' });
        return false;
      }
      const { data } = await passkeySignIn({ variables: { response: outcome.response } });
      return data ? welcome(data.signInWithPasskey) : false;
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, NETWORK_FAILURE), severity: 'error' });
      return false;
    }
  };
  const completeSignIn = async (code: string): Promise<boolean> => {
    if (!challenge) return false;
    setCodeError(null);
    try {
      const { data } = await complete({ variables: { challenge, code } });
      if (!data) return false;
      return welcome(data.completeSignIn);
    } catch (error) {
      return refused(error);
    }
  };
  return {
    signIn,
    loading:
      loading || completing.loading || completingWithPasskey.loading || beginning.loading || passkeySigningIn.loading,
    challenge,
    hasPasskeys: !!pending?.passkeyOptions,
    codeAccepted: pending?.codeAccepted ?? true,
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

/** Sign up: as sign-in, through the CAPTCHA when the store asks for one; the API signs the new account in at once. */
export function useSignUp() {
  const captcha = useCaptcha();
  const { submit, loading } = useAuthMutation(
    SignUpMutation,
    signUpSchema,
    (data) => data.signUp,
    { title: 'Success!', description: 'Account created successfully. You can now sign in.' },
    (send, input: SignUpInput) => captcha.withCaptcha((solution) => send({ ...input, captcha: solution })),
  );
  const signUp: (values: SignUpValues, report?: ReportFieldErrors) => Promise<boolean> = submit;
  return { signUp, loading: loading || captcha.status === 'solving', captchaStatus: captcha.status };
}
