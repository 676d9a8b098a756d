import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { graphql } from '../../gql';
import type { CheckoutHoldQuoteMutation, PaymentMethod } from '../../gql/graphql';

const CheckoutHoldQuoteMutation = graphql(/* GraphQL */ `
  mutation CheckoutHoldQuote($productId: ID!, $quantity: Int!, $paymentMethod: PaymentMethod!) {
    holdQuote(productId: $productId, quantity: $quantity, paymentMethod: $paymentMethod) {
      id
      paymentMethod
      quantity
      totalPrice
      paymentAmountCrypto
      currency
      cryptoAddress
      paymentUri
      paymentQrSvg
      expiresAt
      rate {
        currency
        usd
        source
        fetchedAt
      }
    }
  }
`);

export type HeldQuote = CheckoutHoldQuoteMutation['holdQuote'];

/** What step 2 holds a quote for: the confirmed step 1 and the chosen method. */
export interface QuotedPurchase {
  productId: string;
  quantity: number;
  paymentMethod: PaymentMethod;
}

interface Answer {
  key: string;
  quote: HeldQuote | null;
  error: unknown;
}

/**
 * Step 2's held quote (docs/payments.md "The quote lock"): `holdQuote` for `purchase` as soon as it is known and again
 * whenever it changes (another method or quantity), or on `refresh` (the price expired, or placeOrder refused it). The
 * server hands the same quote back for the same purchase while it has minutes left, so a repeated hold (a re-render,
 * React's development double effects) does not change the amount. An answer for an earlier purchase is dropped.
 */
export function useHeldQuote(purchase: QuotedPurchase | null) {
  const [mutate] = useMutation(CheckoutHoldQuoteMutation);
  const [round, setRound] = useState(0);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const key = purchase ? `${purchase.productId}|${purchase.quantity}|${purchase.paymentMethod}|${round}` : null;

  useEffect(() => {
    if (!purchase || !key) return;
    let current = true;
    mutate({ variables: purchase }).then(
      ({ data }) => {
        if (current) setAnswer({ key, quote: data?.holdQuote ?? null, error: data ? null : new Error('No quote') });
      },
      (error: unknown) => {
        if (current) setAnswer({ key, quote: null, error });
      },
    );
    return () => {
      current = false;
    };
    // The key names the purchase and the round; `purchase` is a new object each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, mutate]);

  const refresh = useCallback(() => setRound((r) => r + 1), []);
  const settled = answer !== null && answer.key === key;
  return {
    /** The quote held for the current purchase; null while it is being held, or when holding it failed. */
    quote: settled ? answer.quote : null,
    error: settled ? answer.error : null,
    loading: !!key && !settled,
    refresh,
  };
}
