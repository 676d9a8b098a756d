import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CaptchaFailedError, useCaptcha } from '../../captcha/useCaptcha';
import { useToast } from '../../components/toast';
import { graphql } from '../../gql';
import type { PaymentMethod } from '../../gql/graphql';
import { CHECKOUT_TEXTS, REDIRECT_AFTER_ORDER_MS } from './checkout.texts';
import { isDefiniteRefusal, placeOrderErrorToast, quoteRefusal } from './place-order-errors';

const CheckoutPlaceOrderMutation = graphql(/* GraphQL */ `
  mutation CheckoutPlaceOrder($input: PlaceOrderInput!, $proof: Upload) {
    placeOrder(input: $input, proof: $proof) {
      id
      status
    }
  }
`);

export interface PlaceOrderDetails {
  productId: string;
  quantity: number;
  domainName: string | null;
  email: string;
  paymentMethod: PaymentMethod;
  transactionId: string | null;
  /** The quote step 2 holds (holdQuote): the order asks for exactly its amount. */
  quoteId: string | null;
}

export interface PlaceOrderOptions {
  /**
   * placeOrder refused the held quote (expired, no longer held, another purchase's), with the sentence to show above
   * the new amount: called instead of a toast, so step 2 can hold a new quote.
   */
  onQuoteRefused?: (message: string) => void;
}

/** A key the API accepts (8-100 of A-Z a-z 0-9 _ -); randomUUID needs a secure context, so fall back. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Submits the order (pending order, then /verify?order=id after 1.5 s: docs/product.md "Checkout") with the toasts of
 * docs/product.md "Messages". One idempotency key per attempt: a double click, or a retry after the network lost the
 * answer, returns the first order instead of buying twice. Only a definite refusal from the server
 * (nothing was created) lets the next attempt use a new key. When the store asks for a CAPTCHA, the order is sent again
 * with a solved one (useCaptcha), under the same key.
 */
export function usePlaceOrder() {
  const [mutate] = useMutation(CheckoutPlaceOrderMutation);
  const { status: captchaStatus, withCaptcha } = useCaptcha();
  const toast = useToast();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const idempotencyKey = useRef<string | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const placeOrder = useCallback(
    async (details: PlaceOrderDetails, proof: File | null, options: PlaceOrderOptions = {}): Promise<void> => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSubmitting(true);
      idempotencyKey.current ??= newIdempotencyKey();
      try {
        const key = idempotencyKey.current;
        const { data } = await withCaptcha((captcha) =>
          mutate({ variables: { input: { ...details, idempotencyKey: key, captcha }, proof } }),
        );
        const orderId = data?.placeOrder.id;
        if (!orderId) throw new Error('placeOrder returned no order');
        toast({ ...CHECKOUT_TEXTS.success, severity: 'success' });
        // Still "submitting" until the verify page opens: the order exists, nothing more to send.
        redirectTimer.current = setTimeout(
          () => navigate(`/verify?order=${encodeURIComponent(orderId)}`),
          REDIRECT_AFTER_ORDER_MS,
        );
      } catch (error) {
        if (isDefiniteRefusal(error)) idempotencyKey.current = null;
        const refusedQuote = quoteRefusal(error);
        if (refusedQuote !== null && options.onQuoteRefused) {
          options.onQuoteRefused(refusedQuote);
        } else if (error instanceof CaptchaFailedError) {
          toast({ title: CHECKOUT_TEXTS.genericError.title, description: error.message, severity: 'error' });
        } else {
          toast(placeOrderErrorToast(error, proof !== null));
        }
        inFlight.current = false;
        setSubmitting(false);
      }
    },
    [mutate, navigate, toast, withCaptcha],
  );

  return { placeOrder, submitting, captchaStatus };
}
