import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { PaymentMethod } from '../core/enums';

/** One UTC day of the sales report (days without sales are there, with zeros). */
@ObjectType('SalesDay')
export class SalesDay {
  @Field(() => String, { description: 'The UTC day, YYYY-MM-DD' })
  day: string;

  @Field(() => Float, { description: 'Paid revenue in USD' })
  revenue: number;

  @Field(() => Int, { description: 'Paid orders' })
  orders: number;
}

@ObjectType('SalesByMethod')
export class SalesByMethod {
  @Field(() => PaymentMethod)
  method: PaymentMethod;

  @Field(() => Float)
  revenue: number;

  @Field(() => Int)
  orders: number;
}

@ObjectType('SalesByProduct')
export class SalesByProduct {
  @Field(() => ID)
  productId: string;

  @Field(() => String)
  name: string;

  @Field(() => Float)
  revenue: number;

  @Field(() => Int)
  orders: number;

  @Field(() => Int, { description: 'Units sold (the orders’ quantities)' })
  quantity: number;
}

/** A product stocked by licence keys that is running out. */
@ObjectType('LowStockProduct')
export class LowStockProduct {
  @Field(() => ID)
  productId: string;

  @Field(() => String)
  name: string;

  @Field(() => Int, { description: 'Keys available' })
  available: number;

  @Field(() => Int, { description: 'Below this many available keys the product counts as low on stock' })
  threshold: number;
}

/** What an operator checks first; the current state, whatever the report's range. */
@ObjectType('OperatorCounters')
export class OperatorCounters {
  @Field(() => Int, {
    description:
      'Orders waiting for a person (adminOrders(awaitingReview: true) lists them): PENDING with a payment proof, a typed transaction ID or a payment issue, or past their payment window',
  })
  ordersAwaitingReview: number;

  @Field(() => [LowStockProduct], { description: 'Active products stocked by keys that are low on keys, fewest first' })
  lowStock: LowStockProduct[];

  @Field(() => Int, { description: 'Support tickets whose customer has waited more than 24 hours for a staff reply' })
  overdueTickets: number;
}

/** Paid sales over [from, to) (docs/product.md "Sales overview"). */
@ObjectType('SalesReport')
export class SalesReport {
  @Field(() => Date)
  from: Date;

  @Field(() => Date, { description: 'Exclusive' })
  to: Date;

  @Field(() => Float, { description: 'Paid revenue in USD' })
  totalRevenue: number;

  @Field(() => Int, { description: 'Paid orders' })
  orderCount: number;

  @Field(() => Float, {
    description:
      'Dollars by which paid orders of the range were short, accepted within the payment tolerance (PAYMENT_TOLERANCE_PERCENT); revenue counts their full totals',
  })
  shortfallAccepted: number;

  @Field(() => Int, { description: 'Paid orders of the range accepted short, within the payment tolerance' })
  shortfallOrders: number;

  @Field(() => [SalesDay], { description: 'Every UTC day of the range, oldest first' })
  byDay: SalesDay[];

  @Field(() => [SalesByMethod], { description: 'Methods with paid orders, highest revenue first' })
  byMethod: SalesByMethod[];

  @Field(() => [SalesByProduct], { description: 'Products with paid orders, highest revenue first' })
  byProduct: SalesByProduct[];

  @Field(() => OperatorCounters)
  counters: OperatorCounters;
}
