/**
 * The refund mails (docs/payments.md "Refunds"): one per step for the order's customer, and one for the admins when a
 * refund is claimed (it is theirs to pay). Rendered from the order and the refund's facts as its event carried them.
 */
import { shortOrderId } from '../../../common/order-lifecycle';
import type { RefundEventPayload } from '../core/domain-events';
import {
  compose,
  greeting,
  orderFacts,
  verifyUrl,
  type MailContent,
  type MailContext,
  type OrderMailFacts,
} from './mail-templates';

const amountOf = (refund: RefundEventPayload) => `${refund.amount} ${refund.currency}`;

export function refundOfferedMail(ctx: MailContext, order: OrderMailFacts, refund: RefundEventPayload): MailContent {
  const shortId = shortOrderId(order.orderId);
  return compose(ctx, `A refund of ${amountOf(refund)} for order ${shortId}`, 'You have a refund to claim', [
    greeting(order.customerName),
    { kind: 'paragraph', text: `We are refunding ${amountOf(refund)} for order ${shortId}:` },
    { kind: 'quote', text: refund.reason },
    {
      kind: 'paragraph',
      text:
        `Open your order and enter the ${refund.currency} address to send it to. We pay it from our wallet once ` +
        'you confirm the address, and e-mail you the transaction.',
    },
    orderFacts(order),
    { kind: 'link', label: 'Claim your refund', href: verifyUrl(ctx, order.orderId) },
  ]);
}

export function refundClaimedMail(ctx: MailContext, order: OrderMailFacts, refund: RefundEventPayload): MailContent {
  const shortId = shortOrderId(order.orderId);
  return compose(ctx, `Your refund for order ${shortId} is claimed`, 'We will send your refund', [
    greeting(order.customerName),
    {
      kind: 'paragraph',
      text: `We will send ${amountOf(refund)} to the address you gave, and e-mail you once it is on its way.`,
    },
    {
      kind: 'facts',
      rows: [
        ['Refund', amountOf(refund)],
        ['To', refund.address ?? '', true],
      ],
    },
    { kind: 'link', label: 'Follow your refund', href: verifyUrl(ctx, order.orderId) },
  ]);
}

/** To the admins: a claimed refund is waiting to be paid from the store's wallet. */
export function refundToPayMail(ctx: MailContext, order: OrderMailFacts, refund: RefundEventPayload): MailContent {
  const shortId = shortOrderId(order.orderId);
  return compose(ctx, `Refund to pay: ${amountOf(refund)} for order ${shortId}`, 'A refund is ready to pay', [
    {
      kind: 'paragraph',
      text:
        `The customer of order ${shortId} claimed a refund. Send it from your wallet, then record the transaction ` +
        'in the admin panel (Refunds): the store marks it paid once the chain confirms it.',
    },
    {
      kind: 'facts',
      rows: [
        ['Amount', amountOf(refund), true],
        ['To', refund.address ?? '', true],
        ['Order', shortId],
      ],
    },
    { kind: 'link', label: 'Refunds to pay', href: `${ctx.publicUrl}/admin/dashboard?tab=refunds` },
  ]);
}

export function refundSentMail(ctx: MailContext, order: OrderMailFacts, refund: RefundEventPayload): MailContent {
  const shortId = shortOrderId(order.orderId);
  return compose(ctx, `Your refund for order ${shortId} is on its way`, 'Your refund was sent', [
    greeting(order.customerName),
    {
      kind: 'paragraph',
      text: `We sent ${amountOf(refund)} to your address. It counts as paid once the chain confirms the transaction.`,
    },
    {
      kind: 'facts',
      rows: [
        ['Refund', amountOf(refund)],
        ['To', refund.address ?? '', true],
        ['Transaction', refund.txId ?? '', true],
      ],
    },
    { kind: 'link', label: 'Follow your refund', href: verifyUrl(ctx, order.orderId) },
  ]);
}

export function refundPaidMail(ctx: MailContext, order: OrderMailFacts, refund: RefundEventPayload): MailContent {
  const shortId = shortOrderId(order.orderId);
  return compose(ctx, `Your refund for order ${shortId} is paid`, 'Your refund is paid', [
    greeting(order.customerName),
    { kind: 'paragraph', text: `The chain confirmed our transaction: ${amountOf(refund)} reached your address.` },
    {
      kind: 'facts',
      rows: [
        ['Refund', amountOf(refund)],
        ['To', refund.address ?? '', true],
        ['Transaction', refund.txId ?? '', true],
      ],
    },
    { kind: 'link', label: 'Your order', href: verifyUrl(ctx, order.orderId) },
  ]);
}

export function refundCancelledMail(ctx: MailContext, order: OrderMailFacts, refund: RefundEventPayload): MailContent {
  const shortId = shortOrderId(order.orderId);
  return compose(ctx, `The refund for order ${shortId} was withdrawn`, 'A refund was withdrawn', [
    greeting(order.customerName),
    {
      kind: 'paragraph',
      text: `The refund of ${amountOf(refund)} offered for order ${shortId} was withdrawn. Questions? Reply to ${ctx.supportEmail} with the order number.`,
    },
    { kind: 'link', label: 'Your order', href: verifyUrl(ctx, order.orderId) },
  ]);
}
