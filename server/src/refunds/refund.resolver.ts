import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Requires, SignedIn } from '../graphql/access';
import type { RequestContext } from '../graphql/context';
import { Order } from '../orders/order.entity';
import { canSeeOrder } from '../orders/order.service';
import { methodDefinition } from '../payments/methods';
import { Permission } from '../staff/staff.types';
import { Refund, RefundSuggestion } from './refund.entity';
import { RefundService, shownAmount } from './refund.service';

/** Each order's refunds, oldest first, batched per request. */
function refundsLoader(ctx: RequestContext) {
  return ctx.loaders.loader<Refund[]>('refundsByOrderId', (ids) => ctx.container.get(RefundService).ofOrders(ids));
}

/** Refunds paid on chain (docs/graphql-api.md "Refunds"): thin, the rules are RefundService's. */
@Resolver(() => Refund)
export class RefundResolver {
  constructor(private readonly refunds: RefundService) {}

  @Requires(Permission.REFUNDS)
  @Mutation(() => Refund, {
    description:
      'Staff: offers `amount` of the order\'s coin back (its decimals, e.g. "0.0015"), with a reason the customer ' +
      'reads (1-500 characters). At most what the order received on chain, less the refunds already offered and not ' +
      'cancelled; methods with a chain only. The customer is e-mailed a link to claim it. BAD_USER_INPUT (field ' +
      '`amount`, `reason` or `orderId`) otherwise',
  })
  offerRefund(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('amount', () => String) amount: string,
    @Arg('reason', () => String) reason: string,
    @Ctx() ctx: RequestContext,
  ): Promise<Refund> {
    return this.refunds.offer(ctx.user!, orderId, amount, reason);
  }

  @SignedIn()
  @Mutation(() => Refund, {
    description:
      "The order's customer: the address to send an OFFERED refund to, valid for the order's chain (checksums as " +
      'the store checks its own; EIP-55 required in production), and not one the store receives payments at. ' +
      'NOT_FOUND for anyone else; BAD_USER_INPUT (field `address`) for an address that is not one, (field ' +
      '`refundId`) once claimed',
  })
  claimRefund(
    @Arg('refundId', () => ID) refundId: string,
    @Arg('address', () => String) address: string,
    @Ctx() ctx: RequestContext,
  ): Promise<Refund> {
    return this.refunds.claim(ctx.user!, refundId, address);
  }

  @Requires(Permission.REFUNDS)
  @Mutation(() => Refund, {
    description:
      'Staff: the transaction that paid a CLAIMED refund (sent from your own wallet): SENT, then PAID once the chain ' +
      'shows it sent at least the amount to the claimed address with the required confirmations. Refused (field ' +
      '`txId`) when the chain already shows it paying someone else, too little or failing, when another refund or a ' +
      "customer's payment has it; (field `refundId`) when the refund is not claimed, or already has a transaction " +
      'that may pay it (one the chain has not shown for an hour may be replaced). A refund cancelled after its claim ' +
      'takes a payout, and is SENT again, while its amount is left to refund',
  })
  recordRefundPayment(
    @Arg('refundId', () => ID) refundId: string,
    @Arg('txId', () => String) txId: string,
    @Ctx() ctx: RequestContext,
  ): Promise<Refund> {
    return this.refunds.recordPayment(ctx.user!, refundId, txId);
  }

  @Requires(Permission.REFUNDS)
  @Mutation(() => Refund, {
    description:
      'Staff: withdraws a refund not sent yet. A CLAIMED one needs `notPaid: true`, the statement that it was not ' +
      'paid (BAD_USER_INPUT, field `notPaid`, without it); a payout recorded later still takes it up again while its ' +
      'amount is left to refund',
  })
  cancelRefund(
    @Arg('refundId', () => ID) refundId: string,
    @Arg('notPaid', () => Boolean, { defaultValue: false }) notPaid: boolean,
    @Ctx() ctx: RequestContext,
  ): Promise<Refund> {
    return this.refunds.cancel(ctx.user!, refundId, notPaid);
  }

  @Requires(Permission.REFUNDS)
  @Query(() => [Refund], {
    description: 'Staff: refunds to pay: CLAIMED ones (pay them from your wallet), then SENT ones not paid yet',
  })
  refundsToPay(): Promise<Refund[]> {
    return this.refunds.toPay();
  }

  @FieldResolver(() => String, { description: 'In the coin of the order, its decimals, e.g. "0.0015"' })
  amount(@Root() refund: Refund): string {
    return shownAmount(refund);
  }

  @FieldResolver(() => String, { description: 'ETH, USDT or BTC' })
  currency(@Root() refund: Refund): string {
    return methodDefinition(refund.method).facts.currency;
  }

  @FieldResolver(() => String, { description: 'The chain it is paid on, as people name it ("Ethereum")' })
  chainName(@Root() refund: Refund): string {
    return methodDefinition(refund.method).facts.chain?.name ?? '';
  }

  @FieldResolver(() => String, { nullable: true, description: 'A block explorer page of the recorded transaction' })
  explorerUrl(@Root() refund: Refund): string | null {
    const chain = methodDefinition(refund.method).facts.chain;
    return refund.txId && chain ? chain.explorerTxUrl(refund.txId) : null;
  }

  @Requires(Permission.REFUNDS)
  @FieldResolver(() => String, {
    nullable: true,
    description: 'Staff: why the recorded transaction does not pay the refund (the chain showed it); null while it may',
  })
  problem(@Root() refund: Refund): string | null {
    return refund.txProblem;
  }

  @Requires(Permission.REFUNDS)
  @FieldResolver(() => String, { nullable: true, description: "Staff: the order's customer's e-mail (refundsToPay)" })
  customerEmail(@Root() refund: Refund): string | null {
    return refund.customerEmail ?? null;
  }
}

/** `Order.refunds` and the admin's suggestion. */
@Resolver(() => Order)
export class OrderRefundsResolver {
  constructor(private readonly service: RefundService) {}

  @FieldResolver(() => [Refund], { description: 'Refunds offered for this order, oldest first (owner and staff)' })
  async refunds(@Root() order: Order, @Ctx() ctx: RequestContext): Promise<Refund[]> {
    if (!canSeeOrder(ctx.user, order)) return [];
    return (await refundsLoader(ctx).load(order.id)) ?? [];
  }

  @Requires(Permission.REFUNDS)
  @FieldResolver(() => RefundSuggestion, {
    nullable: true,
    description:
      'Staff: the refund the store suggests (the excess of an over-payment; all received for a late payment, a paid ' +
      'order without stock or one cancelled after payment); null when none or nothing is left to refund',
  })
  refundSuggestion(@Root() order: Order): Promise<RefundSuggestion | null> {
    return this.service.suggestion(order);
  }
}
