/**
 * The order lifecycle's screens that a browser test cannot reach (docs/order-lifecycle.md "In the web app"): an order
 * past its payment window ("Overdue" in the admin queue) and one the store itself moved (the reason on /verify) need
 * time to pass on the server. The real components render here, to HTML, from the data the API would send.
 */
import { describe, expect, it } from '@jest/globals';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { textOf } from './visible-text';
import { makeFragmentData } from '../../web/src/gql/admin';
import type { AdminOrderRow_OrderFragment } from '../../web/src/gql/admin/graphql';
import { QueueSummary } from '../../web/src/features/admin/orders/OrdersTab';
import { AdminOrderRowFragment, OrdersList } from '../../web/src/features/admin/orders/OrdersList';
import { systemReason } from '../../web/src/features/verify/status-reason';
import { VerifyOrderStatus, type VerifiedOrder } from '../../web/src/features/verify/VerifyOrderStatus';

/** Renders as the browser would below (`phone`) or above MUI's lg breakpoint (cards or table). */
function render(element: ReactElement, phone = false): string {
  const theme = createTheme({ components: { MuiUseMediaQuery: { defaultProps: { defaultMatches: phone } } } });
  return renderToStaticMarkup(
    <MemoryRouter>
      <ThemeProvider theme={theme}>{element}</ThemeProvider>
    </MemoryRouter>,
  );
}

function adminRow(shortId: string, status: 'PENDING' | 'SUCCESS', paymentOverdue: boolean) {
  const row: AdminOrderRow_OrderFragment = {
    id: `${shortId}-0000-4000-8000-000000000000`,
    shortId,
    createdAt: '2026-11-20T09:41:00.000Z',
    status,
    paymentOverdue,
    awaitingStock: false,
    quantity: 2,
    totalPrice: 68,
    paymentMethod: 'USDT_TRC20',
    paymentAmountCrypto: '68.00',
    transactionId: 'abc123',
    domainName: null,
    paymentProofUrl: null,
    paymentIssue: null,
    paymentIssueKind: null,
    payment: null,
    customer: { fullName: 'Ada Lovelace', email: 'ada@example.com' },
    product: { id: 'p1', name: 'Litecoin (LTC) Licence Key' },
  };
  return makeFragmentData(row, AdminOrderRowFragment);
}

/** Each order's text in the queue, by short id. */
function queueRows(html: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const chunk of html.split('data-testid="admin-order"').slice(1)) {
    const text = textOf(`<x ${chunk}`);
    const shortId = ['aaaaaaaa', 'bbbbbbbb', 'cccccccc'].find((id) => text.includes(id));
    if (shortId) rows.set(shortId, text);
  }
  return rows;
}

describe('admin queue: orders past their payment window', () => {
  const orders = [
    adminRow('aaaaaaaa', 'PENDING', true),
    adminRow('bbbbbbbb', 'PENDING', false),
    adminRow('cccccccc', 'SUCCESS', false),
  ];
  const noop = () => undefined;
  const list = (
    <OrdersList
      orders={orders}
      newIds={new Set()}
      pendingStatus={{}}
      onStatusChange={noop}
      onViewProof={noop}
      onOpenDetails={noop}
    />
  );

  it.each([
    ['table', false],
    ['cards', true],
  ])('marks only the overdue order "Overdue" (%s)', (_view, phone) => {
    const html = render(list, phone);
    expect(html.includes('<table')).toBe(!phone);
    const rows = queueRows(html);
    expect([...rows.keys()]).toEqual(['aaaaaaaa', 'bbbbbbbb', 'cccccccc']);
    expect(rows.get('aaaaaaaa')).toContain('aaaaaaaa Overdue');
    expect(rows.get('bbbbbbbb')).not.toContain('Overdue');
    expect(rows.get('cccccccc')).not.toContain('Overdue');
  });

  it('the header counts the overdue orders of the loaded list, and says nothing when there are none', () => {
    expect(textOf(render(<QueueSummary shown={20} total={135} overdue={2} />))).toBe(
      'Showing 20 of 135 orders 2 overdue',
    );
    expect(textOf(render(<QueueSummary shown={1} total={1} overdue={0} />))).toBe('Showing 1 of 1 order');
  });
});

describe('/verify: the payment window and the store’s own decisions', () => {
  const order: VerifiedOrder = {
    id: '3f6c1a2b-0000-4000-8000-000000000000',
    status: 'PENDING',
    transactionId: null,
    paymentDueAt: '2026-11-24T07:16:00.000Z',
    paymentOverdue: false,
    statusReason: null,
    productName: 'Litecoin (LTC) Licence Key',
    domainName: null,
    paymentMethod: 'USDT_TRC20',
    cryptoAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    paymentAmountCrypto: '68.00',
    totalPrice: 68,
    quantity: 2,
  };
  const due = new Date(order.paymentDueAt);
  const dueText = `${due.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' })}, ${due.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' })}`;

  it('a pending order within its window: "Pay by" its deadline', () => {
    const text = textOf(render(<VerifyOrderStatus order={order} />));
    expect(text).toContain(`Pay by ${dueText}`);
    expect(text).not.toContain('Payment window ended');
  });

  it('a pending order past its window (a proof or ID was sent): the window ended, someone is checking', () => {
    const text = textOf(
      render(<VerifyOrderStatus order={{ ...order, paymentOverdue: true, transactionId: 'abc123' }} />),
    );
    expect(text).toContain(`Payment window ended ${dueText}`);
    expect(text).toContain('We are checking the payment details you sent and will update this order.');
    expect(text).not.toContain('Pay by');
  });

  it('NOT_RECEIVED by the store shows its reason; no deadline once the order has moved on', () => {
    const reason = 'The payment window ended with no payment, proof or transaction ID';
    const text = textOf(
      render(<VerifyOrderStatus order={{ ...order, status: 'NOT_RECEIVED', statusReason: reason }} />),
    );
    expect(text).toContain('Payment not detected');
    expect(text).toContain(`Reason: ${reason}`);
    expect(text).not.toContain('Pay by');
  });

  it('the reason is the store’s own last move to the current status, never a person’s', () => {
    const placed = { toStatus: 'PENDING', actorKind: 'CUSTOMER', reason: null } as const;
    const expired = { toStatus: 'NOT_RECEIVED', actorKind: 'SYSTEM', reason: 'The payment window ended' } as const;
    const byAdmin = { toStatus: 'NOT_RECEIVED', actorKind: 'ADMIN', reason: 'Wrong amount' } as const;
    expect(systemReason('NOT_RECEIVED', [placed, expired])).toBe('The payment window ended');
    expect(systemReason('NOT_RECEIVED', [placed, byAdmin])).toBeNull();
    expect(systemReason('PENDING', [placed])).toBeNull();
    // Reopened by an admin since: the old reason no longer applies.
    expect(
      systemReason('PENDING', [placed, expired, { toStatus: 'PENDING', actorKind: 'ADMIN', reason: null }]),
    ).toBeNull();
    expect(systemReason('NOT_RECEIVED', [])).toBeNull();
  });
});

describe('/verify: the keys held for an unpaid order (docs/inventory.md "Reservation")', () => {
  const order: VerifiedOrder = {
    id: '4a7d2b3c-0000-4000-8000-000000000000',
    status: 'PENDING',
    transactionId: null,
    paymentDueAt: '2099-11-24T07:16:00.000Z',
    paymentOverdue: false,
    statusReason: null,
    productName: 'Litecoin (LTC) Licence Key',
    domainName: null,
    paymentMethod: 'USDT_TRC20',
    cryptoAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    paymentAmountCrypto: '68.00',
    totalPrice: 68,
    quantity: 2,
    stockedByKeys: true,
  };

  it('while held: until when, and what happens after', () => {
    const until = new Date(Date.now() + 30 * 60_000).toISOString();
    const text = textOf(render(<VerifyOrderStatus order={{ ...order, keysReservedUntil: until }} />));
    const shown = `${new Date(until).toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' })}, ${new Date(until).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' })}`;
    expect(text).toContain(`Your 2 licence keys are reserved for you until ${shown}`);
    expect(text).toContain('Pay before then to be sure of them');
  });

  it('once released: paying now still delivers while keys are in stock; a product without keys says nothing', () => {
    const text = textOf(render(<VerifyOrderStatus order={{ ...order, keysReservedUntil: null }} />));
    expect(text).toContain('The reservation of your licence keys has ended.');
    const manual = textOf(render(<VerifyOrderStatus order={{ ...order, stockedByKeys: false }} />));
    expect(manual).not.toContain('reserv');
  });

  it('paid, awaiting stock: nothing to do, delivered when keys arrive', () => {
    const text = textOf(render(<VerifyOrderStatus order={{ ...order, status: 'SUCCESS', awaitingStock: true }} />));
    expect(text).toContain('Your payment is received, but the licence keys for this order are out of stock right now.');
    expect(text).not.toContain('The reservation of your licence keys has ended.');
  });
});
