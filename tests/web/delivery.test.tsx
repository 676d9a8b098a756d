/**
 * Instant delivery's customer screens, rendered to HTML from the data the API would send (the browser journey is
 * tests/e2e/delivery.spec.ts): the keys view in each state of an order, a big order's first keys, /verify's Delivered,
 * and history notes (keys reserved, delivered, released) that are not status changes.
 */
import { describe, expect, it } from '@jest/globals';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { textOf } from './visible-text';
import { KEYS_SHOWN, OrderKeysPanel, type KeysOrder } from '../../web/src/features/dashboard/keys/OrderKeysPanel';
import { isExpiredSignedUrl } from '../../web/src/features/dashboard/keys/signed-url';
import { orderKeysPath } from '../../web/src/features/orders/order-keys-path';
import { isHistoryNote } from '../../web/src/format/order-status';
import { systemReason } from '../../web/src/features/verify/status-reason';
import { VerifyOrderStatus, type VerifiedOrder } from '../../web/src/features/verify/VerifyOrderStatus';

function render(element: ReactElement): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ThemeProvider theme={createTheme()}>{element}</ThemeProvider>
    </MemoryRouter>,
  );
}

const ORDER_ID = '5f11e690-0000-4000-8000-000000000000';

function keys(count: number) {
  return Array.from({ length: count }, (_, i) => ({ id: `key-${i + 1}`, value: `ZCASH-KEY-${i + 1}` }));
}

const keysOrder: KeysOrder = {
  id: ORDER_ID,
  status: 'COMPLETED',
  fulfilment: 'KEYS',
  keys: keys(2),
  keysFileUrl: `/order-keys/${ORDER_ID}.txt?exp=1795492920&sig=abc`,
  downloadUrl: null,
};

const panel = (order: Partial<KeysOrder>, copied: string | null = null) =>
  render(<OrderKeysPanel order={{ ...keysOrder, ...order }} copied={copied} onCopy={() => undefined} />);

describe('the keys view', () => {
  it('before payment: no keys, and when they come', () => {
    const html = panel({ status: 'PENDING', keys: [], keysFileUrl: null });
    expect(textOf(html)).toContain('Your keys appear here once the payment is confirmed.');
    expect(html).not.toContain('licence-key');
    expect(html).toContain(`href="/verify?order=${ORDER_ID}"`);
  });

  it('paid, keys on their way: says so', () => {
    expect(textOf(panel({ status: 'SUCCESS', keys: [], keysFileUrl: null }))).toContain(
      'Payment confirmed. Your keys are being delivered',
    );
  });

  it('ended unpaid, or a product an admin delivers: no keys, and why', () => {
    expect(textOf(panel({ status: 'CANCELLED', keys: [] }))).toContain('This order was cancelled');
    expect(textOf(panel({ status: 'NOT_RECEIVED', keys: [] }))).toContain('No payment was received');
    expect(textOf(panel({ fulfilment: 'MANUAL', keys: [] }))).toContain('delivered by our team');
    // A status outside the lifecycle's paid ones (legacy CONFIRMED) with nothing delivered: no endless wait.
    expect(textOf(panel({ status: 'CONFIRMED', keys: [], keysFileUrl: null }))).toContain(
      'No licence keys were delivered for this order.',
    );
  });

  it('delivered: each key with its copy button, and the download of all of them', () => {
    const html = panel({}, 'key-2');
    const text = textOf(html);
    expect(text).toContain('2 licence keys delivered');
    expect(text).toContain('ZCASH-KEY-1');
    expect(text).toContain('ZCASH-KEY-2');
    expect(html).toContain(`href="/order-keys/${ORDER_ID}.txt?exp=1795492920&amp;sig=abc"`);
    expect(text).toContain('Download all keys (.txt)');
    expect(html).toContain('aria-label="Copy key 1"');
    // The one just copied says so.
    expect(html).toContain('aria-label="Copied key 2"');
    expect(text).not.toContain('Download file');
    expect(text).not.toContain('more in the download');
  });

  it('a DOWNLOAD product adds its file', () => {
    const html = panel({ fulfilment: 'DOWNLOAD', keys: keys(1), downloadUrl: '/files/abc?exp=1&sig=2' });
    expect(textOf(html)).toContain('1 licence key delivered');
    expect(textOf(html)).toContain('Download file');
    expect(html).toContain('href="/files/abc?exp=1&amp;sig=2"');
  });

  it('a 4,000-key order lists the first keys and leaves the rest to the download', () => {
    const html = panel({ keys: keys(4000) });
    const text = textOf(html);
    expect(text).toContain('4,000 licence keys delivered');
    expect(text).toContain(`Showing the first ${KEYS_SHOWN} of 4,000 keys`);
    expect(text).toContain('and 3,900 more in the download');
    expect(html.match(/data-testid="licence-key"/g)).toHaveLength(KEYS_SHOWN);
    expect(text).toContain(`ZCASH-KEY-${KEYS_SHOWN} `);
    expect(text).not.toContain(`ZCASH-KEY-${KEYS_SHOWN + 1} `);
  });

  it('renews a signed link only once it has expired', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    const exp = now / 1000 + 600;
    expect(isExpiredSignedUrl(`/order-keys/x.txt?exp=${exp}&sig=a`, now)).toBe(false);
    expect(isExpiredSignedUrl(`/order-keys/x.txt?exp=${exp}&sig=a`, now + 601_000)).toBe(true);
    expect(isExpiredSignedUrl('/order-keys/x.txt', now)).toBe(false);
  });
});

describe('/verify once delivered', () => {
  const order: VerifiedOrder = {
    id: ORDER_ID,
    status: 'COMPLETED',
    transactionId: null,
    paymentDueAt: '2026-11-25T09:41:00.000Z',
    paymentOverdue: false,
    statusReason: 'Delivered automatically after payment confirmation',
    productName: 'Zcash (ZEC) Licence Key',
    domainName: null,
    paymentMethod: 'USDT_TRC20',
    cryptoAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    paymentAmountCrypto: '148.00',
    totalPrice: 148,
    quantity: 2,
    delivered: { keys: true, download: false },
  };

  it('COMPLETED with keys: Delivered, with the way to them (and no repeated reason)', () => {
    const html = render(<VerifyOrderStatus order={order} />);
    const text = textOf(html);
    expect(text).toContain('Delivered');
    expect(text).toContain('Your order is complete: your licence keys are ready.');
    expect(text).toContain('View your keys');
    expect(html).toContain(`href="${orderKeysPath(ORDER_ID)}"`);
    expect(orderKeysPath(ORDER_ID)).toBe(`/dashboard?order=${ORDER_ID}`);
    expect(text).not.toContain('Reason:');
  });

  it('with a file too, or nothing delivered', () => {
    const both = textOf(render(<VerifyOrderStatus order={{ ...order, delivered: { keys: true, download: true } }} />));
    expect(both).toContain('View your keys and download');
    const nothing = textOf(
      render(
        <VerifyOrderStatus order={{ ...order, statusReason: null, delivered: { keys: false, download: false } }} />,
      ),
    );
    expect(nothing).not.toContain('Delivered');
    expect(nothing).toContain('Processing...');
    // Not yet completed: the keys are not announced.
    const paid = textOf(render(<VerifyOrderStatus order={{ ...order, status: 'SUCCESS', statusReason: null }} />));
    expect(paid).toContain('Payment received successfully');
    expect(paid).not.toContain('View your keys');
    const processing = textOf(
      render(<VerifyOrderStatus order={{ ...order, status: 'PROCESSING', statusReason: null }} />),
    );
    expect(processing).toContain('Processing...');
    expect(processing).toContain("We're reviewing your payment.");
    expect(processing).not.toContain('View your keys');
  });
});

describe('history notes', () => {
  const placed = { fromStatus: null, toStatus: 'PENDING', actorKind: 'CUSTOMER', reason: null } as const;
  const reserved = { fromStatus: 'PENDING', toStatus: 'PENDING', actorKind: 'CUSTOMER', reason: null } as const;
  const expired = {
    fromStatus: 'PENDING',
    toStatus: 'NOT_RECEIVED',
    actorKind: 'SYSTEM',
    reason: 'The payment window ended',
  } as const;
  const released = { fromStatus: 'NOT_RECEIVED', toStatus: 'NOT_RECEIVED', actorKind: 'SYSTEM', reason: null } as const;

  it('a note keeps its status (from = to); the first entry and status changes are not notes', () => {
    expect(isHistoryNote(reserved)).toBe(true);
    expect(isHistoryNote(placed)).toBe(false);
    expect(isHistoryNote(expired)).toBe(false);
  });

  it('the store’s reason is read past the notes written after its move', () => {
    expect(systemReason('NOT_RECEIVED', [placed, reserved, expired, released])).toBe('The payment window ended');
    expect(systemReason('PENDING', [placed, reserved])).toBeNull();
  });
});
