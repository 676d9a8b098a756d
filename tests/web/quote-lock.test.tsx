/**
 * The quote lock in the web app (issue 27; docs/payments.md "The quote lock"), rendered to HTML from the data the API
 * would send: checkout step 2's held quote (exact amount, address, QR code, rate, the countdown's place), the reason a
 * refused quote gives, /verify's rate, price lock, accepted shortfall and "Pay the rest", and the countdown's and the
 * rate's wording. The live countdown in a browser, at 360 and 1280 px, is tests/e2e/quote-lock.spec.ts.
 */
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { describe, expect, it } from '@jest/globals';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { exchangeRateLine, rateSourceLabel } from '../../common/exchange-rate';
import { MESSAGES } from '../../common/validation';
import { textOf } from './visible-text';
import {
  CheckoutPaymentForm,
  type CheckoutPaymentFormProps,
  type HeldQuoteView,
} from '../../web/src/features/checkout/CheckoutPaymentForm';
import { quoteRefusal } from '../../web/src/features/checkout/place-order-errors';
import { PaymentRequestCard } from '../../web/src/features/verify/PaymentRequestCard';
import { VerifyOrderStatus, type VerifiedOrder } from '../../web/src/features/verify/VerifyOrderStatus';
import { formatCountdown, remainingMs } from '../../web/src/format/countdown';

function render(element: ReactElement): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ThemeProvider theme={createTheme()}>{element}</ThemeProvider>
    </MemoryRouter>,
  );
}

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const rate = { currency: 'BTC', usd: '50000.00000000', source: 'kraken' };

describe('the countdown and the rate as customers read them', () => {
  it('minutes and seconds, hours past an hour, never below zero, rounded up to the second', () => {
    expect(formatCountdown(29 * 60_000 + 41_000)).toBe('29:41');
    expect(formatCountdown(12 * 60_000 + 2_001)).toBe('12:03');
    expect(formatCountdown(65 * 60_000 + 9_000)).toBe('1:05:09');
    expect(formatCountdown(500)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });

  it('no time left to show until the clock is read (server rendering, hydration)', () => {
    expect(remainingMs('2026-11-27T03:00:00.000Z', null)).toBeNull();
    expect(remainingMs(null, Date.now())).toBeNull();
    expect(remainingMs('2026-11-27T03:00:00.000Z', Date.parse('2026-11-27T02:30:00.000Z'))).toBe(30 * 60_000);
  });

  it('one coin in dollars to the cent, with its source', () => {
    expect(exchangeRateLine(rate)).toBe('1 BTC = 50,000.00 USD · source kraken');
    expect(exchangeRateLine({ currency: 'ETH', usd: '2512.34567890', source: 'fixed' })).toBe(
      '1 ETH = 2,512.35 USD · source fixed',
    );
    expect(exchangeRateLine({ currency: 'USDT', usd: '1.00000000', source: 'fixed' })).toBe(
      '1 USDT = 1.00 USD · source fixed',
    );
    expect(rateSourceLabel('median(kraken,coinbase,binance)')).toBe('median of kraken, coinbase, binance');
  });
});

describe('checkout step 2: the held quote', () => {
  const quote: HeldQuoteView = {
    amount: '1.08800017',
    currency: 'BTC',
    totalPrice: 54400,
    address: BTC_ADDRESS,
    qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    uri: `bitcoin:${BTC_ADDRESS}?amount=1.08800017`,
    rate,
    expiresAt: '2026-11-27T03:00:00.000Z',
  };
  const props: CheckoutPaymentFormProps = {
    methods: [
      {
        method: 'BTC',
        label: 'Bitcoin (BTC)',
        currency: 'BTC',
        address: BTC_ADDRESS,
        qrSvg: null,
        available: true,
        confirmedOnChain: true,
        requiredConfirmations: 2,
      },
    ],
    selectedMethod: 'BTC',
    onMethodChange: () => undefined,
    amount: quote,
    amountError: null,
    onRefreshQuote: () => undefined,
    transactionId: '',
    onTransactionIdChange: () => undefined,
    proofName: null,
    onProofPicked: () => undefined,
    onCopy: () => undefined,
    submitting: false,
    captchaStatus: 'idle',
    onSubmit: () => undefined,
    onBack: () => undefined,
  };

  it('the exact amount held (every decimal), the address, its QR code with the amount, the rate, copy buttons', () => {
    const html = render(<CheckoutPaymentForm {...props} />);
    const text = textOf(html);
    expect(text).toContain('Amount to send 1.08800017 BTC');
    expect(text).toContain('$54,400.00 in US dollars');
    expect(text).toContain('1 BTC = 50,000.00 USD · source kraken');
    expect(text).toContain(BTC_ADDRESS);
    expect(html).toContain('alt="QR code of the Bitcoin (BTC) payment request, with the amount"');
    expect(html).toContain('aria-label="Copy amount"');
    expect(html).toContain('aria-label="Copy address"');
    expect(text).toContain('its last digits are unique to your order');
    // The server's markup does not read the clock: the countdown's place, without a time, until the page mounts.
    expect(html).toMatch(/role="timer"[^>]*>Price held</);
    expect(text).not.toContain('exact amount to send is shown right after you place the order');
  });

  it('a quote placeOrder refused: its reason above the new amount', () => {
    const text = textOf(render(<CheckoutPaymentForm {...props} quoteNotice={MESSAGES.quoteExpired} />));
    // The reason, then the held price's countdown (the invoice's first line since issue 31), then the new amount.
    expect(text).toContain(`${MESSAGES.quoteExpired} Price held Amount to send 1.08800017 BTC`);
  });

  it('the held quote says which network to send on, before the address (issue 31)', () => {
    const text = textOf(render(<CheckoutPaymentForm {...props} />));
    expect(text).toMatch(/1\.08800017 BTC.*Send only BTC on Bitcoin\..*Bitcoin \(BTC\) address bc1q/);
  });

  it('a bare address (USDT) is no payment request: its QR code is said to be the address', () => {
    const html = render(
      <CheckoutPaymentForm
        {...props}
        methods={[{ ...props.methods[0], method: 'USDT_TRC20', label: 'USDT (TRC-20)', currency: 'USDT' }]}
        selectedMethod="USDT_TRC20"
        amount={{ ...quote, amount: '102.000001', currency: 'USDT', uri: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }}
      />,
    );
    expect(textOf(html)).toContain('102.000001 USDT');
    expect(html).toContain('alt="QR code of the USDT (TRC-20) payment address"');
  });

  it('while the quote is held: no amount, no address, nothing to submit', () => {
    const html = render(<CheckoutPaymentForm {...props} amount={null} />);
    expect(html).toContain('aria-label="Holding your price"');
    expect(html).not.toContain(BTC_ADDRESS);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled/);
  });

  it('rates unavailable: the server says so instead of an amount', () => {
    const message = MESSAGES.ratesUnavailable('BTC');
    const text = textOf(render(<CheckoutPaymentForm {...props} amount={null} amountError={message} />));
    expect(text).toContain(message);
    expect(text).not.toContain('Price held');
    // Only the reason: no empty amount box, and not the "contact support" notice of a method never offered.
    expect(text).not.toContain('Amount to send');
    expect(text).not.toContain(MESSAGES.paymentMethodUnavailable);
  });
});

describe('placeOrder refusing the held quote', () => {
  const refused = (field: string, message: string) =>
    new CombinedGraphQLErrors({
      data: null,
      errors: [{ message, extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field, message }] } }],
    });

  it('gives the sentence to show above the new amount, only for the quoteId field', () => {
    expect(quoteRefusal(refused('quoteId', MESSAGES.quoteExpired))).toBe(MESSAGES.quoteExpired);
    expect(quoteRefusal(refused('quoteId', MESSAGES.quoteMismatch))).toBe(MESSAGES.quoteMismatch);
    expect(quoteRefusal(refused('transactionId', MESSAGES.transactionIdChars))).toBeNull();
    expect(quoteRefusal(new Error('network'))).toBeNull();
  });
});

describe('/verify: the rate and the price lock', () => {
  const order: VerifiedOrder = {
    id: '3f6c1a2b-0000-4000-8000-000000000000',
    status: 'PENDING',
    transactionId: null,
    paymentDueAt: '2026-11-28T02:30:00.000Z',
    paymentOverdue: false,
    statusReason: null,
    productName: 'SSL Key Bulk Package',
    domainName: null,
    paymentMethod: 'BTC',
    cryptoAddress: BTC_ADDRESS,
    paymentAmountCrypto: '1.08800017',
    totalPrice: 54400,
    quantity: 4000,
    onChainConfirmations: 2,
    rate,
    quoteExpiresAt: '2026-11-27T03:00:00.000Z',
  };

  it('pending: the rate and its source among the details, and the lock (its time once the page has mounted)', () => {
    const html = render(<VerifyOrderStatus order={order} />);
    expect(textOf(html)).toContain('Exchange rate 1 BTC = 50,000.00 USD · source kraken');
    expect(html).toMatch(/role="timer"[^>]*>Price locked</);
  });

  it('no lock once a payment is seen or the order has moved on; no rate for an order placed before rates', () => {
    const seen = render(
      <VerifyOrderStatus
        order={{
          ...order,
          payment: {
            txId: 'a'.repeat(64),
            amount: '1.08800017',
            confirmations: 0,
            requiredConfirmations: 2,
            status: 'DETECTED',
            explorerUrl: 'https://mempool.space/tx/aaaa',
          },
        }}
      />,
    );
    expect(seen).not.toContain('data-testid="price-lock"');
    const paid = textOf(render(<VerifyOrderStatus order={{ ...order, status: 'SUCCESS' }} />));
    expect(paid).not.toContain('Price locked');
    const old = textOf(render(<VerifyOrderStatus order={{ ...order, rate: null, quoteExpiresAt: null }} />));
    expect(old).not.toContain('Exchange rate');
    expect(old).not.toContain('Price locked');
  });

  it('a shortfall accepted within the payment tolerance is said, in dollars', () => {
    const text = textOf(render(<VerifyOrderStatus order={{ ...order, status: 'SUCCESS', acceptedShortfall: 0.06 }} />));
    expect(text).toContain('Accepted $0.06 short, within the payment tolerance');
  });

  it('pay the rest: what is still due, with its own QR code, wallet link and copy buttons', () => {
    const uri = `bitcoin:${BTC_ADDRESS}?amount=0.00012000`;
    const html = render(
      <PaymentRequestCard
        request={{
          amount: '0.00012000',
          currency: 'BTC',
          address: BTC_ADDRESS,
          methodLabel: 'Bitcoin (BTC)',
          qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
          uri,
          rest: true,
          partlyPaid: true,
        }}
        onCopy={() => undefined}
      />,
    );
    const text = textOf(html);
    expect(text).toContain('Pay the rest');
    expect(text).toContain('Still to send 0.00012000 BTC');
    expect(html).toContain('alt="QR code of the Bitcoin (BTC) payment request for this order"');
    expect(html).toContain(`href="${uri}"`);
    expect(html).toContain('aria-label="Copy amount"');
    expect(html).toContain('aria-label="Copy address"');
  });
});
