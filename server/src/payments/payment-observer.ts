/**
 * What the payments module needs from the module that owns orders, declared here so that `payments/` never imports
 * `orders/` (docs/architecture.md "Module ownership"): payments report what the chain shows; orders decide what it
 * means. The orders module implements both classes and the runtime registers them in the container
 * (`server/src/runtime.ts`); abstract classes rather than interfaces, because the container injects by class.
 */
import type { EntityManager } from 'typeorm';
import type { PaymentIssueKind, PaymentMethod } from '../core/enums';

/** The error of a container asked for a port the runtime did not register (runtime.ts registers both). */
const UNREGISTERED = (port: string) =>
  `${port} is implemented by the orders module and must be registered in the container (server/src/runtime.ts)`;

/** An order as the chain watcher sees it: where and how much it asked to be paid, and the transaction id it was given. */
export interface PayableOrder {
  id: string;
  /** Still waiting for its payment (PENDING). */
  open: boolean;
  paymentMethod: PaymentMethod;
  cryptoAddress: string;
  /** Its own address's index (BTC_XPUB): any payment there is its own, whatever the amount; null: the store's address. */
  addressIndex: number | null;
  paymentAmountCrypto: string;
  transactionId: string | null;
  /** Payments sent from this moment on may be its own (its held quote's start, else its creation). */
  paymentsCountFrom: Date;
}

/** Where a payment went and what it was: the question "whose payment is this?" asks about it. */
export interface PaymentSighting {
  method: PaymentMethod;
  address: string;
  /** The amount at the method's shown decimals, cut. */
  shown: string;
  sentAt: Date;
  /** How far the chain's clock may be from ours (the method's definition). */
  clockSkewMs: number;
}

/**
 * The orders awaiting payments, as attribution asks about them (the orders module answers from `orders` and
 * `held_quotes`).
 */
export abstract class PayableOrders {
  constructor() {
    // The container builds any class it is asked for: unregistered, this would be an object without the methods.
    if (new.target === PayableOrders) throw new Error(UNREGISTERED('PayableOrders'));
  }

  /** Order `orderId` as the chain watcher sees it; null when there is none. */
  abstract find(orderId: string): Promise<PayableOrder | null>;

  /**
   * Up to `limit` open orders of `method` (in no fixed order) with a transaction id typed during their payment window
   * that the chain has not shown yet (`notRecordedSql`, the payments module's predicate over the order's alias `o`),
   * whose issue, if any, is one of `issues`.
   */
  abstract typedToCheck(
    method: PaymentMethod,
    issues: readonly PaymentIssueKind[],
    notRecordedSql: string,
    limit: number,
  ): Promise<string[]>;

  /**
   * When the oldest order (open, or ended within `latePaymentDays`) or held quote that a payment to `address` could
   * be for was created; null: nothing waits for a payment there.
   */
  abstract oldestAwaiting(method: PaymentMethod, address: string, latePaymentDays: number): Promise<Date | null>;

  /**
   * The addresses of their own (BTC_XPUB) that orders of `method` (open, or ended within `latePaymentDays`) and quotes
   * held at checkout (not placed yet, within their grace) await payments at; `open`: an open order's or a quote's (a
   * payment is expected), else an ended order's (only a late one could come).
   */
  abstract ownAddressesAwaiting(
    method: PaymentMethod,
    latePaymentDays: number,
  ): Promise<{ address: string; open: boolean }[]>;

  /**
   * Is `address` the store's single address of an order or held quote of `method` (one placed without an address of
   * its own: before BTC_XPUB was set, or with a PAY_ADDRESS since changed)? Its payments are found by amount among
   * those orders, so DerivedAddresses never hands it out as an order's own.
   */
  abstract paidAsSingleAddress(manager: EntityManager, method: PaymentMethod, address: string): Promise<boolean>;

  /**
   * Whose own address (BTC_XPUB) the payment went to: the order's id (open, or ended within `latePaymentDays`, its
   * payments counting from before it was sent), 'quote' when a quote held at checkout and not placed yet has it (its
   * order claims the payment once placed), 'none' when the address is an order's that the payment cannot be for (sent
   * before it, or long after it ended: nobody's), null when no order or quote has the address as its own (the
   * store's single address).
   */
  abstract ofOwnAddress(
    manager: EntityManager,
    payment: PaymentSighting,
    latePaymentDays: number,
  ): Promise<string | 'quote' | 'none' | null>;

  /**
   * The order whose unique amount the payment is (open, or ended within `latePaymentDays`, placed before it was
   * sent, other than `except`), else the one UNDERPAID order whose amount due it is; null: none.
   */
  abstract ofAmount(
    manager: EntityManager,
    payment: PaymentSighting,
    except: string | null,
    latePaymentDays: number,
  ): Promise<string | null>;

  /**
   * The open orders (up to five, oldest first) the payment could be short of within `tolerancePercent`, placed before
   * it was sent.
   */
  abstract withinTolerance(
    manager: EntityManager,
    payment: PaymentSighting,
    tolerancePercent: number,
  ): Promise<string[]>;

  /**
   * Whether a quote held at checkout (not placed yet, its amount still held) could be what the payment pays: its exact
   * amount ('exact'), short of it within `tolerancePercent` ('band'), or not (null).
   */
  abstract heldQuoteExplains(
    manager: EntityManager,
    payment: PaymentSighting,
    tolerancePercent: number,
  ): Promise<'exact' | 'band' | null>;
}

/** A problem the chain shows with a payment for an order: its kind and the sentence the customer and admin read. */
export interface PaymentReport {
  kind: PaymentIssueKind;
  message: string;
}

/** Told what the chain shows about orders' payments; decides what it means for each order. */
export abstract class PaymentObserver {
  constructor() {
    if (new.target === PaymentObserver) throw new Error(UNREGISTERED('PaymentObserver'));
  }

  /**
   * The payments recorded for order `orderId` changed (one attributed to it, confirmations, one failed): decide what
   * they mean now, in a transaction of its own.
   */
  abstract paymentsChanged(orderId: string): Promise<void>;

  /**
   * The chain shows a problem with a payment for order `orderId` (its typed transaction not found, failed, paying
   * someone else; a payment more than one order could be): say so on the order, in `manager`'s transaction. With
   * `onlyWhileOpen`, only when the order still waits for its payment.
   */
  abstract paymentProblem(
    manager: EntityManager,
    orderId: string,
    report: PaymentReport,
    options?: { onlyWhileOpen?: boolean },
  ): Promise<void>;
}
