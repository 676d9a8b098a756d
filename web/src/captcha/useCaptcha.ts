import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useRef, useState } from 'react';
import { CAPTCHA_FIELD, CAPTCHA_STATUS_TEXTS } from '../../../common/captcha';
import type { FieldError } from '../../../common/validation';
import { graphql } from '../gql';

const CaptchaChallengeQuery = graphql(/* GraphQL */ `
  query CaptchaChallenge {
    captchaChallenge
  }
`);

export type CaptchaStatus = 'idle' | 'solving' | 'solved' | 'failed';

/** The challenge could not be fetched or solved; its message is the one to show. */
export class CaptchaFailedError extends Error {
  constructor(options?: { cause: unknown }) {
    super(CAPTCHA_STATUS_TEXTS.failed, options);
  }
}

/** Whether the API refused the operation on `captcha` (asked for one, or the one sent was expired or used). */
export function isCaptchaRefusal(error: unknown): boolean {
  if (!CombinedGraphQLErrors.is(error)) return false;
  const first = error.errors[0];
  if (first?.extensions?.code !== 'BAD_USER_INPUT') return false;
  const fieldErrors = (first.extensions.fieldErrors ?? []) as FieldError[];
  return fieldErrors.some((f) => f.field === CAPTCHA_FIELD);
}

/**
 * The CAPTCHA of sign-up and checkout (docs/graphql-api.md "CAPTCHA"). `withCaptcha(send)` sends without one; when the
 * API refuses on `captcha`, it fetches a challenge, solves it in Web Workers and sends once more with the solution.
 * Once asked, later sends from this page solve first, saving the refused round trip. `status` is for the status line
 * (CaptchaStatusLine).
 */
export function useCaptcha() {
  const client = useApolloClient();
  const [status, setStatus] = useState<CaptchaStatus>('idle');
  const asked = useRef(false);

  const solve = useCallback(async (): Promise<string> => {
    setStatus('solving');
    try {
      const { data } = await client.query({ query: CaptchaChallengeQuery, fetchPolicy: 'no-cache' });
      if (!data) throw new Error('No challenge');
      const { solveCaptcha } = await import('./solve-captcha');
      const payload = await solveCaptcha(data.captchaChallenge);
      setStatus('solved');
      return payload;
    } catch (error) {
      setStatus('failed');
      throw new CaptchaFailedError({ cause: error });
    }
  }, [client]);

  const withCaptcha = useCallback(
    async <T>(send: (captcha: string | undefined) => Promise<T>): Promise<T> => {
      try {
        return await send(asked.current ? await solve() : undefined);
      } catch (error) {
        if (!isCaptchaRefusal(error)) throw error;
        asked.current = true;
        // One fresh solution per submit: a second refusal is the answer.
        return await send(await solve());
      }
    },
    [solve],
  );

  return { status, withCaptcha };
}
