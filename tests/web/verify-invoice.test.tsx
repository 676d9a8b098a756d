/**
 * /verify as an invoice (issue 31, item 4), rendered to HTML from the data the API would send: the countdown, the
 * amount, the network warning and the address first, in that order, before the rest of the page; what a PENDING
 * order says while nothing is known of its payment (the spec's headline kept); the timeline of its steps with times
 * and the explorer link once a payment is seen. At 360 and 1280 px in a browser: tests/e2e/verify.spec.ts.
 */
import { describe, expect, it } from '@jest/globals';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { timelineSteps, type TimelineOrder } from '../../web/src/features/verify/OrderTimeline';
import { PaymentRequestCard } from '../../web/src/features/verify/PaymentRequestCard';
import { VerifyOrderStatus, type VerifiedOrder } from '../../web/src/features/verify/VerifyOrderStatus';
import { textOf } from './visible-text';

function render(element: ReactElement): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ThemeProvider theme={createTheme()}>{element}</ThemeProvider>
    </MemoryRouter>,
  );
}

const TRON_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const placed = '2026-11-27T02:00:00.000Z';

const order: VerifiedOrder = {
  id: '3f6c1a2b-0000-4000-8000-000000000001',
  status: 'PENDING',
  transactionId: null,
  paymentDueAt: '2026-11-28T02:00:00.000Z',
  paymentOverdue: false,
  statusReason: null,
  productName: 'Litecoin (LTC) Licence Key',
  domainName: null,
  paymentMethod: 'USDT_TRC20',
  cryptoAddress: TRON_ADDRESS,
  paymentAmountCrypto: '68.000012',
  totalPrice: 68,
  quantity: 2,
  onChainConfirmations: null,
  quoteExpiresAt: '2026-11-27T02:30:00.000Z',
  createdAt: placed,
  events: [],
};

const request = (countdown: unknown) => (
  <PaymentRequestCard
    request={{
      amount: '68.000012',
      currency: 'USDT',
      address: TRON_ADDRESS,
      methodLabel: 'USDT (TRC-20)',
      qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      uri: TRON_ADDRESS,
      networkWarning: 'Send only USDT on TRON (TRC-20)',
    }}
    countdown={countdown as ReactElement}
    onCopy={() => undefined}
  />
);

describe('/verify for an unpaid order', () => {
  it('the spec headline, then what to send: the countdown, amount, network warning and address, before anything else', () => {
    const text = textOf(render(<VerifyOrderStatus order={order} paymentRequest={request} />));
    expect(text).toMatch(
      /^Payment verification in progress Waiting for your payment: send it with the details below\. .*This may take 1 to 24 hours\./,
    );
    const at = (part: string) => {
      const index = text.indexOf(part);
      expect(index).toBeGreaterThanOrEqual(0);
      return index;
    };
    const positions = [
      at('Payment verification in progress'),
      at('Send your payment'),
      at('Pay by'),
      at('Price locked'),
      at('Amount to send 68.000012 USDT'),
      at('Send only USDT on TRON (TRC-20). Coins sent on another network cannot be recovered.'),
      at(`USDT (TRC-20) address ${TRON_ADDRESS}`),
      at('Order progress'),
      at('Order Details'),
    ];
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // The countdown is in the invoice, not twice.
    expect(text.split('Pay by').length).toBe(2);
  });

  it('once a transaction ID is given, the page checks for the payment (the old story is the right one then)', () => {
    const text = textOf(render(<VerifyOrderStatus order={{ ...order, transactionId: 'abc123' }} />));
    expect(text).toContain('We are checking the blockchain for your payment. This may take 1 to 24 hours.');
    expect(text).not.toContain('Waiting for your payment');
  });

  it('on a method confirmed on chain: waiting, and how many confirmations it takes', () => {
    const text = textOf(
      render(<VerifyOrderStatus order={{ ...order, paymentMethod: 'ETH', onChainConfirmations: 3 }} />),
    );
    expect(text).toContain(
      'Waiting for your payment: send it with the details below. It is confirmed automatically after 3 confirmations.',
    );
  });
});

describe('the order timeline', () => {
  const base: TimelineOrder = {
    status: 'PENDING',
    createdAt: placed,
    events: [],
    payment: null,
    onChain: true,
    paymentGiven: false,
    delivered: false,
  };
  const states = (o: TimelineOrder) => timelineSteps(o).map((s) => `${s.key}:${s.state}`);

  it('unpaid on chain: placed, then payment detected is the current step', () => {
    expect(states(base)).toEqual([
      'placed:done',
      'detected:current',
      'confirmations:upcoming',
      'paid:upcoming',
      'delivered:upcoming',
    ]);
  });

  it('detected: its time; the confirmations step counts; the explorer link waits for the page top while pending', () => {
    const payment = {
      detectedAt: '2026-11-27T02:05:00.000Z',
      confirmedAt: null,
      confirmations: 1,
      requiredConfirmations: 3,
      status: 'DETECTED',
      explorerUrl: 'https://tronscan.org/#/transaction/ab',
    };
    const steps = timelineSteps({ ...base, payment });
    expect(steps.map((s) => `${s.key}:${s.state}`)).toEqual([
      'placed:done',
      'detected:done',
      'confirmations:current',
      'paid:upcoming',
      'delivered:upcoming',
    ]);
    expect(steps[1]).toMatchObject({ at: '2026-11-27T02:05:00.000Z', explorerUrl: undefined });
    expect(steps[2]?.detail).toBe('1 of 3');
    const delivered = timelineSteps({
      ...base,
      status: 'COMPLETED',
      delivered: true,
      payment: { ...payment, status: 'CONFIRMED', confirmations: 3, confirmedAt: '2026-11-27T02:07:00.000Z' },
      events: [
        { toStatus: 'COMPLETED', createdAt: '2026-11-27T02:07:02.000Z' },
        { toStatus: 'SUCCESS', createdAt: '2026-11-27T02:07:01.000Z' },
      ],
    });
    expect(delivered.map((s) => `${s.key}:${s.state}:${s.at}`)).toEqual([
      `placed:done:${placed}`,
      'detected:done:2026-11-27T02:05:00.000Z',
      'confirmations:done:2026-11-27T02:07:00.000Z',
      'paid:done:2026-11-27T02:07:01.000Z',
      'delivered:done:2026-11-27T02:07:02.000Z',
    ]);
    expect(delivered[1]?.explorerUrl).toBe('https://tronscan.org/#/transaction/ab');
  });

  it('a method an admin confirms: payment sent once a transaction ID or proof is given; a cancelled order ends there', () => {
    const manual = { ...base, onChain: false };
    expect(states(manual)).toEqual(['placed:done', 'detected:current', 'paid:upcoming', 'delivered:upcoming']);
    expect(states({ ...manual, paymentGiven: true })).toEqual([
      'placed:done',
      'detected:done',
      'paid:current',
      'delivered:upcoming',
    ]);
    expect(states({ ...manual, status: 'CANCELLED', events: [{ toStatus: 'CANCELLED', createdAt: placed }] })).toEqual([
      'placed:done',
      'cancelled:failed',
    ]);
  });
});
