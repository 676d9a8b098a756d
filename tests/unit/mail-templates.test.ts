import { STORE_NAME, SUPPORT_EMAIL } from '../../common/brand';
import type { NewDomainEvent } from '../../server/src/core/domain-events';
import {
  escapeHtml,
  orderDeliveredMail,
  orderReceivedMail,
  paymentConfirmedMail,
  paymentNotReceivedMail,
  ticketReplyMail,
  type MailContext,
  type OrderMailFacts,
} from '../../server/src/notifications/mail-templates';
import { NotificationKind } from '../../server/src/notifications/notification.entity';
import { mailKindsFor } from '../../server/src/notifications/notification.service';

const ctx: MailContext = { storeName: STORE_NAME, publicUrl: 'https://shop.example', supportEmail: SUPPORT_EMAIL };

const order: OrderMailFacts = {
  orderId: '1a2b3c4d-0000-4000-8000-000000000001',
  customerName: 'Ada Lovelace',
  productName: 'SSL Certificates',
  quantity: 4000,
  domainName: 'example.com',
  totalPrice: 54400,
  paymentMethod: 'BTC',
  paymentAmountCrypto: '1.08800000',
  cryptoAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  paymentDueAt: new Date('2026-11-22T09:41:00Z'),
  fulfilment: 'MANUAL',
  keysDelivered: 0,
  rate: { usd: '50000.00000000', source: 'median(kraken,coinbase)' },
  quoteExpiresAt: new Date('2026-11-21T10:11:00Z'),
};

const verifyLink = 'https://shop.example/verify?order=1a2b3c4d-0000-4000-8000-000000000001';

/** The HTML as a reader sees it: tags dropped, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('order received', () => {
  const mail = orderReceivedMail(ctx, order);

  it('says what to send, with which method, where and by when, in text and HTML', () => {
    expect(mail.subject).toBe('Order 1a2b3c4d received: send 1.08800000 BTC');
    for (const body of [mail.text, visibleText(mail.html)]) {
      expect(body).toContain('Amount to send');
      expect(body).toContain('1.08800000 BTC');
      expect(body).toContain('Bitcoin (BTC)');
      expect(body).toContain(order.cryptoAddress);
      expect(body).toContain('Nov 22, 2026, 09:41 AM UTC');
      expect(body).toContain('SSL Certificates × 4,000');
      expect(body).toContain('example.com');
      expect(body).toContain('$54,400.00');
      expect(body).toContain(verifyLink);
      expect(body).toContain(STORE_NAME);
      expect(body).toContain('Hello Ada Lovelace,');
    }
    expect(mail.html).toContain(`href="${verifyLink}"`);
  });

  it('tells the rate the amount was priced at, its source, and until when the price is locked', () => {
    for (const body of [mail.text, visibleText(mail.html)]) {
      expect(body).toContain('1 BTC = 50,000.00 USD · source median of kraken, coinbase');
      expect(body).toContain('Price locked until');
      expect(body).toContain('Nov 21, 2026, 10:11 AM UTC');
      expect(body).toContain('re-quoted');
    }
    expect(mail.text).toContain('Price locked until: Nov 21, 2026, 10:11 AM UTC');
  });

  it('an order placed before rates were recorded has no rate or lock to tell', () => {
    const old = orderReceivedMail(ctx, { ...order, rate: null, quoteExpiresAt: null });
    expect(old.text).not.toContain('Exchange rate');
    expect(old.text).not.toContain('locked');
    expect(old.text).toContain('Amount to send: 1.08800000 BTC');
  });

  it('shows USDT and ETH amounts with their decimals, as the API does', () => {
    const usdt = orderReceivedMail(ctx, {
      ...order,
      paymentMethod: 'USDT_TRC20',
      paymentAmountCrypto: '54400.00000000',
    });
    expect(usdt.text).toContain('Amount to send: 54400.000000 USDT');
    expect(usdt.text).toContain('USDT (TRC-20)');
    const eth = orderReceivedMail(ctx, { ...order, paymentMethod: 'ETH', paymentAmountCrypto: '21.76000000' });
    expect(eth.text).toContain('Amount to send: 21.760000 ETH');
  });

  it('leaves out a domain the order has none of, and greets without a name', () => {
    const plain = orderReceivedMail(ctx, { ...order, domainName: null, customerName: null });
    expect(plain.text).not.toContain('Domain:');
    expect(plain.text).toContain('Hello,');
  });
});

describe('the other order mails', () => {
  it('payment confirmed: the amount received and the order page', () => {
    const mail = paymentConfirmedMail(ctx, order);
    expect(mail.subject).toBe('Payment confirmed for order 1a2b3c4d');
    expect(mail.text).toContain('We have confirmed your payment of 1.08800000 BTC for order 1a2b3c4d');
    expect(mail.text).toContain(verifyLink);
    expect(visibleText(mail.html)).toContain('We have confirmed your payment of 1.08800000 BTC');
  });

  it('payment not received: what happened and what to do (support, a new order)', () => {
    const mail = paymentNotReceivedMail(ctx, order);
    expect(mail.subject).toBe('Payment not received for order 1a2b3c4d');
    for (const body of [mail.text, visibleText(mail.html)]) {
      expect(body).toContain('We have not received the payment of 1.08800000 BTC for order 1a2b3c4d');
      expect(body).toContain(SUPPORT_EMAIL);
      expect(body).toContain('https://shop.example/support');
      expect(body).toContain('https://shop.example/products');
      expect(body).toContain(verifyLink);
    }
  });

  it('order delivered: where the goods are', () => {
    const mail = orderDeliveredMail(ctx, order);
    expect(mail.subject).toBe('Order 1a2b3c4d is complete');
    expect(mail.text).toContain('https://shop.example/dashboard');
    expect(mail.text).toContain('https://shop.example/guides');
    expect(mail.html).toContain('href="https://shop.example/dashboard"');
  });

  it('for delivered licence keys, says how many and links to them, never putting a key in the message', () => {
    const mail = orderDeliveredMail(ctx, { ...order, fulfilment: 'KEYS', keysDelivered: 4000 });
    expect(mail.subject).toBe('Order 1a2b3c4d delivered: your 4,000 licence keys');
    expect(mail.text).toContain('your 4,000 licence keys are ready in your dashboard');
    const keysView = 'https://shop.example/dashboard?order=1a2b3c4d-0000-4000-8000-000000000001';
    expect(mail.text).toContain(keysView);
    expect(mail.html).toContain(`href="${keysView}"`);
    const download = orderDeliveredMail(ctx, { ...order, fulfilment: 'DOWNLOAD', keysDelivered: 1 });
    expect(download.text).toContain('your 1 licence key and the download are ready');
    const one = orderDeliveredMail(ctx, { ...order, fulfilment: 'KEYS', keysDelivered: 1 });
    expect(one.text).toContain('your 1 licence key is ready');
  });
});

describe('ticket reply', () => {
  it('names the ticket, quotes the reply when there is one, and links to the support tab', () => {
    const mail = ticketReplyMail(ctx, {
      ticketId: 't1',
      customerName: 'Ada',
      ticketTitle: 'Nginx install',
      reply: 'Restart nginx\nafter copying the chain.',
    });
    expect(mail.subject).toBe('New reply to your ticket: Nginx install');
    expect(mail.text).toContain('Our support team has replied to your ticket "Nginx install".');
    expect(mail.text).toContain('> Restart nginx\n> after copying the chain.');
    expect(mail.text).toContain('https://shop.example/dashboard?tab=support');
    expect(visibleText(mail.html)).toContain('Restart nginx after copying the chain.');
  });

  it('reads well without the reply text', () => {
    const mail = ticketReplyMail(ctx, { ticketId: 't1', customerName: null, ticketTitle: 'Help', reply: null });
    expect(mail.text).not.toContain('>');
    expect(mail.text).toContain('https://shop.example/dashboard?tab=support');
  });

  it('keeps the subject one line, however the title is written', () => {
    const mail = ticketReplyMail(ctx, {
      ticketId: 't1',
      customerName: null,
      ticketTitle: 'a\r\nBcc: x@y',
      reply: null,
    });
    expect(mail.subject).toBe('New reply to your ticket: a Bcc: x@y');
  });
});

describe('HTML escaping', () => {
  const hostile = '<script>alert("x")</script> & \'quotes\'';

  it('escapes every interpolated value: names, domains, products, titles, replies, links', () => {
    const mails = [
      orderReceivedMail(
        { ...ctx, publicUrl: 'https://shop.example/"><img src=x>' },
        { ...order, customerName: hostile, domainName: hostile, productName: hostile, cryptoAddress: hostile },
      ),
      ticketReplyMail(ctx, { ticketId: 't', customerName: hostile, ticketTitle: hostile, reply: hostile }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('"><img');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
      // The text version is plain text: the value as typed.
      expect(mail.text).toContain(hostile);
    }
  });

  it('escapeHtml covers the five characters that matter in elements and attributes', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});

describe('which events send which mail', () => {
  const orderId = order.orderId;
  it.each([
    ['order.created', { orderId }, [NotificationKind.ORDER_RECEIVED]],
    ['order.paid', { orderId }, [NotificationKind.PAYMENT_CONFIRMED]],
    ['order.delivered', { orderId }, [NotificationKind.ORDER_DELIVERED]],
    [
      'order.status_changed',
      { orderId, from: 'PENDING', to: 'NOT_RECEIVED', actorKind: 'SYSTEM', reason: null },
      [NotificationKind.PAYMENT_NOT_RECEIVED],
    ],
    ['order.status_changed', { orderId, from: 'PENDING', to: 'SUCCESS', actorKind: 'ADMIN', reason: null }, []],
    ['ticket.replied', { ticketId: 't', messageId: 'm', fromStaff: true }, [NotificationKind.TICKET_REPLY]],
    ['ticket.replied', { ticketId: 't', messageId: 'm', fromStaff: false }, []],
    ['ticket.created', { ticketId: 't' }, []],
    ['product.stock_changed', { productId: 'p', inStock: false }, []],
  ] as const)('%s %j → %j', (type, payload, kinds) => {
    expect(mailKindsFor({ type, payload } as NewDomainEvent)).toEqual(kinds);
  });
});
