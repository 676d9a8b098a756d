/**
 * Payments confirmed on chain (docs/payments.md) in the web app's screens, rendered to HTML from the data the API
 * would send (the browser journey on a real chain is tests/e2e/chain-payment.spec.ts): /verify's confirmations and
 * payment issues, the order's payment request, the admin queue's chain evidence, and the amounts' formats.
 */
import { describe, expect, it } from '@jest/globals';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { textOf } from './visible-text';
import { makeFragmentData } from '../../web/src/gql/admin';
import type { AdminOrderRow_OrderFragment } from '../../web/src/gql/admin/graphql';
import { AdminOrderRowFragment, OrdersList } from '../../web/src/features/admin/orders/OrdersList';
import { PaymentRequestCard, type PaymentRequest } from '../../web/src/features/verify/PaymentRequestCard';
import { VerifyOrderStatus, type VerifiedOrder } from '../../web/src/features/verify/VerifyOrderStatus';
import type { ChainPaymentView } from '../../web/src/format/payment-issue';
import { formatQuoteAmount, nextSmallestUnit, trimDecimals } from '../../web/src/format/crypto';

function render(element: ReactElement, phone = false): string {
  const theme = createTheme({ components: { MuiUseMediaQuery: { defaultProps: { defaultMatches: phone } } } });
  return renderToStaticMarkup(
    <MemoryRouter>
      <ThemeProvider theme={theme}>{element}</ThemeProvider>
    </MemoryRouter>,
  );
}

const TX = '0x85dffe1e5f44410425aad37b6667e117acac3b023d3a1e69e1b12471a38a21ea';
const ADDRESS = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';

const detected: ChainPaymentView = {
  txId: TX,
  amount: '0.440001',
  confirmations: 3,
  requiredConfirmations: 12,
  status: 'DETECTED',
  explorerUrl: `https://etherscan.io/tx/${TX}`,
};

const order: VerifiedOrder = {
  id: '3f6c1a2b-0000-4000-8000-000000000000',
  status: 'PENDING',
  transactionId: null,
  paymentDueAt: '2026-11-24T07:16:00.000Z',
  paymentOverdue: false,
  statusReason: null,
  productName: 'Dogecoin (DOGE) Licence Key',
  domainName: null,
  paymentMethod: 'ETH',
  cryptoAddress: ADDRESS,
  paymentAmountCrypto: '0.440001',
  totalPrice: 1100,
  quantity: 1,
  onChainConfirmations: 12,
};

describe('/verify, paid on chain', () => {
  it('pending on a method confirmed on chain: its confirmations instead of "1 to 24 hours"', () => {
    const text = textOf(render(<VerifyOrderStatus order={order} />));
    expect(text).toContain('It is confirmed automatically after 12 confirmations.');
    expect(text).not.toContain('1 to 24 hours');
    expect(text).toContain('Pay by');
    // Manual methods keep the spec's wording.
    expect(textOf(render(<VerifyOrderStatus order={{ ...order, onChainConfirmations: null }} />))).toContain(
      'This may take 1 to 24 hours.',
    );
  });

  it('a payment detected: its confirmations, a progress bar and the transaction; no deadline any more', () => {
    const html = render(<VerifyOrderStatus order={{ ...order, payment: detected }} />);
    const text = textOf(html);
    expect(text).toContain('Payment detected — 3 of 12 confirmations');
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuetext="3 of 12 confirmations"');
    expect(html).toContain(`href="https://etherscan.io/tx/${TX}"`);
    expect(text).toContain('View transaction');
    expect(text).toContain(`Transaction ID ${TX}`);
    expect(text).toContain('Amount received 0.440001 ETH');
    expect(text).not.toContain('Pay by');
  });

  it('paid: the success state, without the confirmations', () => {
    const paid = { ...detected, confirmations: 12, status: 'CONFIRMED' as const };
    const text = textOf(render(<VerifyOrderStatus order={{ ...order, status: 'SUCCESS', payment: paid }} />));
    expect(text).toContain('Payment received successfully');
    expect(text).not.toContain('confirmations');
  });

  it.each([
    ['UNDERPAID', 'warning', 'Underpaid: received 0.2 ETH of 0.440001 ETH; 0.240001 ETH missing.'],
    ['LATE', 'warning', 'Late payment: 0.440001 ETH arrived after the payment window ended.'],
    ['FAILED', 'error', `Transaction ${TX} failed on chain and paid nothing.`],
    ['ALREADY_USED', 'error', `Transaction ${TX} already paid another order.`],
  ] as const)('a %s payment issue shows as a %s alert with its sentence', (kind, severity, sentence) => {
    const html = render(<VerifyOrderStatus order={{ ...order, paymentIssue: sentence, paymentIssueKind: kind }} />);
    expect(textOf(html)).toContain(sentence);
    expect(html).toMatch(new RegExp(`MuiAlert-color${severity === 'warning' ? 'Warning' : 'Error'}`, 'i'));
  });
});

describe("the order's payment request", () => {
  const request: PaymentRequest = {
    amount: '0.440001',
    currency: 'ETH',
    address: ADDRESS,
    methodLabel: 'Ethereum (ETH)',
    qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    uri: `ethereum:${ADDRESS}?value=440001000000000000`,
  };
  const card = (r: PaymentRequest) => render(<PaymentRequestCard request={r} onCopy={() => undefined} />);

  it('ETH: the exact amount, the address, the QR code and a wallet link', () => {
    const html = card(request);
    const text = textOf(html);
    expect(text).toContain('Amount to send 0.440001 ETH');
    expect(text).toContain(ADDRESS);
    expect(html).toContain('alt="QR code of the Ethereum (ETH) payment request for this order"');
    expect(html).toContain(`href="ethereum:${ADDRESS}?value=440001000000000000"`);
    expect(text).toContain('Open in wallet');
  });

  it('USDT: the bare address is no wallet request, so no wallet link', () => {
    const html = card({
      ...request,
      currency: 'USDT',
      amount: '102.000001',
      uri: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    });
    expect(textOf(html)).toContain('102.000001 USDT');
    expect(textOf(html)).not.toContain('Open in wallet');
  });

  it('partly paid: only the address, never the whole amount again', () => {
    const html = card({ ...request, partlyPaid: true });
    const text = textOf(html);
    expect(text).toContain('Send the rest');
    expect(text).toContain(ADDRESS);
    expect(text).not.toContain('0.440001');
    expect(html).not.toContain('<img');
    expect(text).not.toContain('Open in wallet');
  });
});

describe('admin queue: the chain evidence beside the proof', () => {
  const row: AdminOrderRow_OrderFragment = {
    id: 'dd7304e5-0000-4000-8000-000000000000',
    shortId: 'dd7304e5',
    createdAt: '2026-11-20T09:41:00.000Z',
    status: 'PENDING',
    paymentOverdue: false,
    awaitingStock: false,
    quantity: 1,
    totalPrice: 42,
    paymentMethod: 'ETH',
    paymentAmountCrypto: '0.016801',
    transactionId: TX.toUpperCase().replace('0X', '0x'),
    domainName: null,
    paymentProofUrl: null,
    paymentIssue:
      'Underpaid: received 0.001234 ETH of 0.016801 ETH; 0.015567 ETH missing. Send the rest to the same address and add its transaction ID, or contact support.',
    paymentIssueKind: 'UNDERPAID',
    payment: { ...detected, amount: '0.001234', confirmations: 2, requiredConfirmations: 3 },
    customer: { fullName: 'Short Payer', email: 'short@example.com' },
    product: { id: 'p1', name: 'Ripple (XRP) Licence Key' },
  };
  const noop = () => undefined;
  const list = (
    <OrdersList
      orders={[makeFragmentData(row, AdminOrderRowFragment)]}
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
  ])('status, confirmations, amount received, the transaction and the flagged issue (%s)', (_view, phone) => {
    const html = render(list, phone);
    const text = textOf(html);
    expect(text).toContain('Detected 2 of 3 confirmations');
    expect(text).toContain('Received 0.001234 ETH');
    expect(html).toContain(`href="https://etherscan.io/tx/${TX}"`);
    expect(text).toContain('0x85dffe1e…8a21ea');
    // The kind once, in bold, then the sentence with the amounts.
    expect(text).toContain(
      'Underpaid: received 0.001234 ETH of 0.016801 ETH; 0.015567 ETH missing. Send the rest to the same address',
    );
    expect(text).not.toContain('Underpaid: Underpaid');
    expect(html).toContain('aria-label="Payment issue of order dd7304e5"');
  });

  it('the table does not repeat a typed ID that is the transaction on chain', () => {
    expect(textOf(render(list))).not.toContain('Transaction ID Tx');
  });
});

describe('amounts', () => {
  it('a quote keeps USDT at cents, BTC and ETH at their decimals; nothing is rounded', () => {
    expect(formatQuoteAmount('102.000000', 'USDT')).toBe('102.00 USDT');
    expect(formatQuoteAmount('54400.000000', 'USDT')).toBe('54,400.00 USDT');
    expect(formatQuoteAmount('98.039216', 'USDT')).toBe('98.039216 USDT');
    expect(formatQuoteAmount('1.08800000', 'BTC')).toBe('1.08800000 BTC');
    expect(formatQuoteAmount('0.009600', 'ETH')).toBe('0.009600 ETH');
    expect(trimDecimals('12.500000', 2)).toBe('12.50');
  });

  it('the least a placed order adds: one smallest unit', () => {
    expect(nextSmallestUnit('102.000000')).toBe('102.000001');
    expect(nextSmallestUnit('0.009600')).toBe('0.009601');
    expect(nextSmallestUnit('1.08800000')).toBe('1.08800001');
    expect(nextSmallestUnit('0.999999')).toBe('1.000000');
  });
});
