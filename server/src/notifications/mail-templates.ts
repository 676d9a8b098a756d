/**
 * Every e-mail the store sends (docs/jobs-and-events.md "E-mail"), each as a pure function of the facts it tells:
 * subject, plain text and HTML. Amounts use the API's rules (the crypto amount exactly as `Order.paymentAmountCrypto`
 * gives it, dollars as the web shows them), links start at PUBLIC_URL, and in the HTML every interpolated value is
 * escaped, because names, domains and ticket titles are typed by customers.
 */
import { licenceKeyCount, PAYMENT_METHOD_CURRENCY, PAYMENT_METHOD_LABELS } from '../../../common/labels';
import { exchangeRateLine, type ExchangeRateFacts } from '../../../common/exchange-rate';
import { shortOrderId } from '../../../common/order-lifecycle';
import { CRYPTO_DECIMALS, formatDecimal, formatUsd, type PaymentMethodKey } from '../../../common/pricing';
import { clipText } from '../../../common/validation';
import type { Fulfilment } from '../core/enums';
import { fulfilmentHandler } from '../fulfilment';

/** What every message needs to know about the store. */
export interface MailContext {
  storeName: string;
  /** The store's address for links, without a trailing slash. */
  publicUrl: string;
  supportEmail: string;
}

/** An order as its e-mails tell it. */
export interface OrderMailFacts {
  orderId: string;
  customerName: string | null;
  productName: string;
  quantity: number;
  domainName: string | null;
  totalPrice: number;
  paymentMethod: PaymentMethodKey;
  /** The stored decimal string (e.g. "1.08800000"); shown with the method's decimals, as the API shows it. */
  paymentAmountCrypto: string;
  cryptoAddress: string;
  paymentDueAt: Date;
  /** How the product is delivered (Fulfilment's values). */
  fulfilment: `${Fulfilment}`;
  /** Licence keys given to the order so far (the message links to them; keys are never put in an e-mail). */
  keysDelivered: number;
  /** The rate the amount was priced at (Order.rate); null for orders placed before rates were recorded. */
  rate: Pick<ExchangeRateFacts, 'usd' | 'source'> | null;
  /** Until when a payment is judged at the amount (Order.quoteExpiresAt); later ones are re-quoted. Null: none. */
  quoteExpiresAt: Date | null;
}

/** A staff reply to a customer's ticket. */
export interface TicketReplyFacts {
  ticketId: string;
  customerName: string | null;
  ticketTitle: string;
  /** The reply's text, when it can be quoted in the message. */
  reply: string | null;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside HTML elements and quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** "1.08800000 BTC": the exact amount to send, as the API's `paymentAmountCrypto` and its currency. */
export function amountToSend(order: Pick<OrderMailFacts, 'paymentAmountCrypto' | 'paymentMethod'>): string {
  const amount = formatDecimal(order.paymentAmountCrypto, CRYPTO_DECIMALS[order.paymentMethod]);
  return `${amount} ${PAYMENT_METHOD_CURRENCY[order.paymentMethod]}`;
}

const UTC_DATE_TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "Nov 22, 2026, 09:41 AM UTC": a mail is read anywhere, so the time says its zone. */
function utcDateTime(date: Date): string {
  return `${UTC_DATE_TIME.format(date)} UTC`;
}

export const verifyUrl = (ctx: MailContext, orderId: string) =>
  `${ctx.publicUrl}/verify?order=${encodeURIComponent(orderId)}`;

/** One header line: no line breaks (a subject is a header), at most 200 characters. */
function subjectLine(text: string): string {
  return clipText(text.replace(/\s+/g, ' ').trim(), 200);
}

// The parts a message is made of; each renders as plain text and as HTML.
export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'facts'; rows: [label: string, value: string, emphasis?: boolean][] }
  | { kind: 'link'; label: string; href: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'quote'; text: string };

export function greeting(name: string | null): Block {
  return { kind: 'paragraph', text: name?.trim() ? `Hello ${name.trim()},` : 'Hello,' };
}

export function orderFacts(order: OrderMailFacts): Block {
  const rows: [string, string][] = [
    ['Order', shortOrderId(order.orderId)],
    ['Product', `${order.productName} × ${order.quantity.toLocaleString('en-US')}`],
  ];
  if (order.domainName) rows.push(['Domain', order.domainName]);
  rows.push(['Total', formatUsd(order.totalPrice)]);
  return { kind: 'facts', rows };
}

function renderText(ctx: MailContext, blocks: Block[]): string {
  const parts = blocks.map((block) => {
    switch (block.kind) {
      case 'paragraph':
        return block.text;
      case 'facts':
        return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
      case 'link':
        return `${block.label}:\n${block.href}`;
      case 'list':
        return block.items.map((item) => `- ${item}`).join('\n');
      case 'quote':
        return block.text
          .split(/\r?\n/)
          .map((line) => `> ${line}`)
          .join('\n');
    }
  });
  return `${parts.join('\n\n')}\n\n${ctx.storeName}\n${ctx.publicUrl}\n`;
}

const FONT = `font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif`;
const MONO = `font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace`;

function renderHtmlBlock(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#1f2937">${escapeHtml(block.text)}</p>`;
    case 'facts': {
      const rows = block.rows
        .map(
          ([label, value, emphasis]) =>
            // A fixed label column lines up every facts table; only long codes (addresses) may break anywhere.
            `<tr><td width="120" style="width:120px;padding:6px 12px 6px 0;color:#6b7280;font-size:13px;vertical-align:top">${escapeHtml(label)}</td>` +
            `<td style="padding:6px 0;font-size:14px;color:#111827;overflow-wrap:anywhere;${emphasis ? `${MONO};font-weight:700;word-break:break-all` : ''}">${escapeHtml(value)}</td></tr>`,
        )
        .join('');
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 20px;border-collapse:collapse">${rows}</table>`;
    }
    case 'link':
      return (
        `<p style="margin:0 0 20px"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#0f766e;color:#ffffff;font-weight:600;font-size:14px;text-decoration:none">${escapeHtml(block.label)}</a></p>` +
        `<p style="margin:0 0 20px;font-size:12px;color:#6b7280;word-break:break-all">${escapeHtml(block.href)}</p>`
      );
    case 'list':
      return `<ul style="margin:0 0 16px;padding-left:20px;font-size:15px;line-height:1.6;color:#1f2937">${block.items.map((item) => `<li style="margin-bottom:6px">${escapeHtml(item)}</li>`).join('')}</ul>`;
    case 'quote':
      return `<blockquote style="margin:0 0 16px;padding:8px 14px;border-left:3px solid #14b8a6;color:#374151;font-size:14px;white-space:pre-wrap">${escapeHtml(block.text)}</blockquote>`;
  }
}

function renderHtml(ctx: MailContext, title: string, blocks: Block[]): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;${FONT}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0f172a;padding:16px 24px;color:#ffffff;font-size:18px;font-weight:700">${escapeHtml(ctx.storeName)}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;color:#111827">${escapeHtml(title)}</h1>
${blocks.map(renderHtmlBlock).join('\n')}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280">${escapeHtml(ctx.storeName)} · <a href="${escapeHtml(ctx.publicUrl)}" style="color:#0f766e">${escapeHtml(ctx.publicUrl)}</a> · Questions? <a href="mailto:${escapeHtml(ctx.supportEmail)}" style="color:#0f766e">${escapeHtml(ctx.supportEmail)}</a></td></tr>
</table>
</td></tr></table>
</body></html>
`;
}

export function compose(ctx: MailContext, subject: string, title: string, blocks: Block[]): MailContent {
  return {
    subject: subjectLine(subject),
    text: renderText(ctx, [{ kind: 'paragraph', text: title }, ...blocks]),
    html: renderHtml(ctx, title, blocks),
  };
}

/** After checkout: what to send, where, by when, and the page that follows the order. */
export function orderReceivedMail(ctx: MailContext, order: OrderMailFacts): MailContent {
  const amount = amountToSend(order);
  const method = PAYMENT_METHOD_LABELS[order.paymentMethod];
  const rows: [string, string, boolean?][] = [
    ['Amount to send', amount, true],
    ['Payment method', method],
    ['Address', order.cryptoAddress, true],
  ];
  // The quote lock (docs/payments.md "The quote lock"): the rate the amount was priced at, and until when it holds.
  if (order.rate) {
    rows.push([
      'Exchange rate',
      exchangeRateLine({ currency: PAYMENT_METHOD_CURRENCY[order.paymentMethod], ...order.rate }),
    ]);
  }
  if (order.quoteExpiresAt) rows.push(['Price locked until', utcDateTime(order.quoteExpiresAt)]);
  rows.push(['Pay by', utcDateTime(order.paymentDueAt)]);
  const lockNote = order.quoteExpiresAt
    ? ` The amount is locked until ${utcDateTime(order.quoteExpiresAt)}; a payment sent later is re-quoted at the exchange rate of the moment it arrives.`
    : '';
  return compose(ctx, `Order ${shortOrderId(order.orderId)} received: send ${amount}`, 'We have received your order', [
    greeting(order.customerName),
    {
      kind: 'paragraph',
      text: `Thank you for your order at ${ctx.storeName}. To complete it, send exactly ${amount} with ${method} to the address below.${lockNote}`,
    },
    { kind: 'facts', rows },
    orderFacts(order),
    { kind: 'link', label: 'Follow your order', href: verifyUrl(ctx, order.orderId) },
    {
      kind: 'paragraph',
      text:
        'Payments are usually confirmed within 1-24 hours; we will e-mail you when yours is. An order with no payment, ' +
        'payment proof or transaction ID by the date above is closed.',
    },
  ]);
}

/** The payment was confirmed (the order is SUCCESS). */
export function paymentConfirmedMail(ctx: MailContext, order: OrderMailFacts): MailContent {
  return compose(ctx, `Payment confirmed for order ${shortOrderId(order.orderId)}`, 'Your payment is confirmed', [
    greeting(order.customerName),
    {
      kind: 'paragraph',
      text: `We have confirmed your payment of ${amountToSend(order)} for order ${shortOrderId(order.orderId)}. We are preparing your order and will e-mail you when it is delivered.`,
    },
    orderFacts(order),
    { kind: 'link', label: 'Follow your order', href: verifyUrl(ctx, order.orderId) },
  ]);
}

/**
 * Paid, awaiting stock: the payment arrived after the order's keys went back to stock, and too few are left. The
 * customer is told it is paid and will be delivered as soon as keys arrive, never left to wonder.
 */
export function awaitingStockMail(ctx: MailContext, order: OrderMailFacts): MailContent {
  const shortId = shortOrderId(order.orderId);
  return compose(ctx, `Order ${shortId} is paid and waiting for stock`, 'Your order is paid, and waiting for stock', [
    greeting(order.customerName),
    {
      kind: 'paragraph',
      text: `We have received your payment of ${amountToSend(order)} for order ${shortId}. It arrived after the order's reservation ended, and the licence keys it needs are not in stock right now.`,
    },
    {
      kind: 'paragraph',
      text: `You need not do anything: we deliver the order as soon as keys arrive, and e-mail you then. Questions: write to ${ctx.supportEmail} or open a ticket at ${ctx.publicUrl}/support with the order number ${shortId}.`,
    },
    orderFacts(order),
    { kind: 'link', label: 'Follow your order', href: verifyUrl(ctx, order.orderId) },
  ]);
}

/** The order ended without a payment (NOT_RECEIVED): what happened and what the customer can do now. */
export function paymentNotReceivedMail(ctx: MailContext, order: OrderMailFacts): MailContent {
  const shortId = shortOrderId(order.orderId);
  return compose(ctx, `Payment not received for order ${shortId}`, 'We have not received your payment', [
    greeting(order.customerName),
    {
      kind: 'paragraph',
      text: `We have not received the payment of ${amountToSend(order)} for order ${shortId}, so the order is closed as not received.`,
    },
    {
      kind: 'list',
      items: [
        `If you did send it: write to ${ctx.supportEmail} or open a ticket at ${ctx.publicUrl}/support with the order number ${shortId} and your transaction ID, and we will look into it.`,
        `If you have not paid yet: please do not pay for this order. Place a new order at ${ctx.publicUrl}/products instead.`,
      ],
    },
    orderFacts(order),
    { kind: 'link', label: 'See the order', href: verifyUrl(ctx, order.orderId) },
  ]);
}

/**
 * Something is wrong with the payment read from the chain (docs/payments.md "Exceptions"): the issue as the store
 * flagged it (amounts included), and where to follow the order or get help.
 */
export function paymentIssueMail(ctx: MailContext, order: OrderMailFacts, issue: string): MailContent {
  const shortId = shortOrderId(order.orderId);
  return compose(ctx, `A problem with the payment for order ${shortId}`, 'There is a problem with your payment', [
    greeting(order.customerName),
    { kind: 'paragraph', text: issue },
    {
      kind: 'paragraph',
      text: `Questions? Write to ${ctx.supportEmail} or open a ticket at ${ctx.publicUrl}/support with the order number ${shortId}.`,
    },
    orderFacts(order),
    { kind: 'link', label: 'Follow your order', href: verifyUrl(ctx, order.orderId) },
  ]);
}

/**
 * To the staff who may change orders: a paid order's payment was taken back by a chain reorganisation (docs/payments.md
 * "Reorganisations"). What was delivered is counted, never listed (the admin panel lists the keys, behind sign-in).
 */
export function paymentReorgedMail(ctx: MailContext, order: OrderMailFacts, issue: string): MailContent {
  const shortId = shortOrderId(order.orderId);
  return compose(ctx, `Payment taken back on chain: order ${shortId}`, 'A paid order lost its payment', [
    { kind: 'paragraph', text: issue },
    {
      kind: 'paragraph',
      text:
        order.keysDelivered > 0
          ? `${order.keysDelivered} licence key${order.keysDelivered === 1 ? ' was' : 's were'} delivered for it. Find the order by its number in the admin panel: its keys are listed there, to revoke or leave.`
          : 'Find the order by its number in the admin panel and decide what to do with it.',
    },
    orderFacts(order),
    { kind: 'link', label: 'Open the admin panel', href: `${ctx.publicUrl}/admin/dashboard?tab=orders` },
  ]);
}

/**
 * The order is complete (COMPLETED): where to find what was bought. Licence keys are not written into the message
 * (mailboxes are forwarded, archived and searched): it links to the dashboard's keys view, behind the sign-in.
 */
export function orderDeliveredMail(ctx: MailContext, order: OrderMailFacts): MailContent {
  const shortId = shortOrderId(order.orderId);
  if (order.keysDelivered > 0) {
    const keys = licenceKeyCount(order.keysDelivered);
    const download = fulfilmentHandler(order.fulfilment).facts.mailAlsoReady;
    const are = order.keysDelivered === 1 && !download ? 'is' : 'are';
    return compose(ctx, `Order ${shortId} delivered: your ${keys}`, 'Your order has been delivered', [
      greeting(order.customerName),
      {
        kind: 'paragraph',
        text: `Your payment for order ${shortId} is confirmed and your ${keys}${download} ${are} ready in your dashboard, where you can copy them or download them all as one text file.`,
      },
      orderFacts(order),
      { kind: 'link', label: 'Open your keys', href: keysViewUrl(ctx, order.orderId) },
      { kind: 'paragraph', text: `Installation guides: ${ctx.publicUrl}/guides` },
    ]);
  }
  return compose(ctx, `Order ${shortId} is complete`, 'Your order is complete', [
    greeting(order.customerName),
    {
      kind: 'paragraph',
      text: `Order ${shortId} is complete. Your certificates and downloads are in your dashboard, and our installation guides walk you through setting them up.`,
    },
    orderFacts(order),
    { kind: 'link', label: 'Open your dashboard', href: `${ctx.publicUrl}/dashboard` },
    { kind: 'paragraph', text: `Installation guides: ${ctx.publicUrl}/guides` },
  ]);
}

/** The dashboard's view of an order's keys (signed-in). */
function keysViewUrl(ctx: MailContext, orderId: string): string {
  return `${ctx.publicUrl}/dashboard?order=${orderId}`;
}

/** Support answered the customer's ticket. */
export function ticketReplyMail(ctx: MailContext, ticket: TicketReplyFacts): MailContent {
  const blocks: Block[] = [
    greeting(ticket.customerName),
    { kind: 'paragraph', text: `Our support team has replied to your ticket "${ticket.ticketTitle}".` },
  ];
  if (ticket.reply?.trim()) blocks.push({ kind: 'quote', text: ticket.reply.trim() });
  blocks.push({
    kind: 'link',
    label: 'Read and answer it',
    href: `${ctx.publicUrl}/dashboard?tab=support&ticket=${ticket.ticketId}`,
  });
  return compose(ctx, `New reply to your ticket: ${ticket.ticketTitle}`, 'Support replied to your ticket', blocks);
}

/** The links account mails carry: the web app's pages that take the token (docs/graphql-api.md "Accounts"). */
export const accountLink = (ctx: MailContext, page: 'reset' | 'verify' | 'email' | 'invite', token: string) =>
  `${ctx.publicUrl}/auth/${page}?token=${encodeURIComponent(token)}`;

/**
 * The text with every account link's token hidden: what admins read in the outbox. A reset or change link there would
 * let anyone with the admin panel take the account over; the customer's mailbox is the only place it is meant to be.
 */
export function hideAccountTokens(text: string): string {
  return text.replace(/(\/auth\/(?:reset|verify|email|invite)\?token=)[A-Za-z0-9_%-]+/g, '$1hidden');
}

/**
 * A password reset link (30 minutes, once). Sent only to an address that has an account: when asked for, or after an
 * e-mail change was undone (the password was replaced, since whoever changed the address knew it).
 */
export function passwordResetMail(
  ctx: MailContext,
  token: string,
  minutes: number,
  why: 'asked' | 'undo' = 'asked',
): MailContent {
  return compose(ctx, `Reset your ${ctx.storeName} password`, 'Reset your password', [
    greeting(null),
    {
      kind: 'paragraph',
      text:
        why === 'undo'
          ? `Your ${ctx.storeName} account has its e-mail address back and every device was signed out. Whoever changed the address may know your password, so it no longer works: choose a new one. The link works once, for ${minutes} minutes; after that, use "Forgot password?".`
          : `Someone (hopefully you) asked to reset the password of your ${ctx.storeName} account. The link works once, for ${minutes} minutes.`,
    },
    { kind: 'link', label: 'Choose a new password', href: accountLink(ctx, 'reset', token) },
    {
      kind: 'paragraph',
      text: 'If you did not ask for this, ignore this message: your password stays as it is.',
    },
  ]);
}

/** The password was changed (by a reset or in the dashboard); every other session was signed out. */
export function passwordChangedMail(ctx: MailContext, how: 'reset' | 'changed'): MailContent {
  return compose(ctx, `Your ${ctx.storeName} password was changed`, 'Your password was changed', [
    greeting(null),
    {
      kind: 'paragraph',
      text:
        how === 'reset'
          ? 'The password of your account was reset with a link we e-mailed, and every device signed in to it was signed out.'
          : 'The password of your account was changed, and every other device signed in to it was signed out.',
    },
    {
      kind: 'paragraph',
      text: `If this was not you, reset your password at ${ctx.publicUrl}/auth and write to ${ctx.supportEmail}.`,
    },
  ]);
}

/** Confirms that the address belongs to whoever signed up (or asked again). */
export function verifyEmailMail(ctx: MailContext, token: string): MailContent {
  return compose(ctx, `Confirm your e-mail address for ${ctx.storeName}`, 'Confirm your e-mail address', [
    greeting(null),
    { kind: 'paragraph', text: `Please confirm that this address belongs to your ${ctx.storeName} account.` },
    { kind: 'link', label: 'Confirm my address', href: accountLink(ctx, 'verify', token) },
    { kind: 'paragraph', text: 'If you did not create an account, ignore this message.' },
  ]);
}

/** Sent to the new address of an e-mail change: the change happens when this link is followed. */
export function emailChangeConfirmMail(ctx: MailContext, token: string, oldEmail: string): MailContent {
  return compose(ctx, `Confirm your new e-mail address for ${ctx.storeName}`, 'Confirm your new e-mail address', [
    greeting(null),
    {
      kind: 'paragraph',
      text: `You asked to change the e-mail address of your ${ctx.storeName} account from ${oldEmail} to this one. It changes when you follow this link.`,
    },
    { kind: 'link', label: 'Confirm the new address', href: accountLink(ctx, 'email', token) },
    { kind: 'paragraph', text: 'If you did not ask for this, ignore this message.' },
  ]);
}

/** Sent to the old address when an e-mail change was asked for, with a link that keeps (or restores) it. */
export function emailChangedMail(ctx: MailContext, undoToken: string, newEmail: string, days: number): MailContent {
  return compose(ctx, `Your ${ctx.storeName} e-mail address is being changed`, 'Your e-mail address is being changed', [
    greeting(null),
    {
      kind: 'paragraph',
      text: `Someone signed in to your ${ctx.storeName} account asked to change its e-mail address to ${newEmail}. If this was you, there is nothing to do.`,
    },
    {
      kind: 'paragraph',
      text: `If it was not you, this link keeps this address (or brings it back) and signs every device out, for ${days} days:`,
    },
    // `kept` only chooses what the page says after (the token decides what happens): the password was replaced too.
    { kind: 'link', label: 'Keep my address', href: `${accountLink(ctx, 'email', undoToken)}&kept=1` },
  ]);
}

/**
 * Told to the account on every second factor added (accounts/second-factor-mails.ts): a stolen session that plants its
 * own authenticator is then seen by the owner, who can reset the password and ask support to clear the factors.
 */
export function secondFactorAddedMail(
  ctx: MailContext,
  added: { what: string; at: Date; device: string; network: string | null },
): MailContent {
  return compose(ctx, `A sign-in method was added to your ${ctx.storeName} account`, 'A sign-in method was added', [
    greeting(null),
    { kind: 'paragraph', text: `A new way to sign in was added to your ${ctx.storeName} account.` },
    {
      kind: 'facts',
      rows: [
        ['Added', added.what],
        ['When', utcDateTime(added.at)],
        ['From', added.network ? `${added.device}, network ${added.network}` : added.device],
      ],
    },
    { kind: 'paragraph', text: 'If this was you, there is nothing to do.' },
    {
      kind: 'paragraph',
      text: `If it was not you, someone else is signed in to your account: reset your password at ${ctx.publicUrl}/auth (it signs every device out) and write to ${ctx.supportEmail}, who can remove the sign-in methods you did not add.`,
    },
  ]);
}

/** Support cleared the account's second factors (resetSecondFactors): every device was signed out. */
export function secondFactorsResetMail(ctx: MailContext): MailContent {
  return compose(
    ctx,
    `Two-factor sign-in was turned off for your ${ctx.storeName} account`,
    'Two-factor sign-in was turned off',
    [
      greeting(null),
      {
        kind: 'paragraph',
        text: `Our support team removed the authenticator app and passkeys of your ${ctx.storeName} account, as asked, and signed every device out. You sign in with your password alone now; set up two-factor sign-in again under Profile › Security.`,
      },
      {
        kind: 'paragraph',
        text: `If you did not ask for this, reset your password at ${ctx.publicUrl}/auth and write to ${ctx.supportEmail}.`,
      },
    ],
  );
}

/**
 * An invitation to join the staff (staff/staff.service.ts): the role, who asked, and a link that works once, for
 * `days` days, with an account of this address (an existing one signs in, a new one signs up first). Its token is
 * hidden in the outbox like every account link: whoever reads the outbox must not be able to take the role.
 */
export function staffInvitationMail(
  ctx: MailContext,
  invite: { token: string; roleLabel: string; invitedBy: string | null; days: number },
): MailContent {
  return compose(ctx, `You are invited to the ${ctx.storeName} staff`, 'Join the staff', [
    greeting(null),
    {
      kind: 'paragraph',
      text: `${invite.invitedBy ?? 'An owner'} invited you to the ${ctx.storeName} staff as ${invite.roleLabel}. Open the link, then sign in with this e-mail address, or create an account with it. The link works once, for ${invite.days} days.`,
    },
    { kind: 'link', label: 'Accept the invitation', href: accountLink(ctx, 'invite', invite.token) },
    { kind: 'paragraph', text: 'If you did not expect this, ignore this message: nothing changes.' },
  ]);
}
