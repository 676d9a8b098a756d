import { Field, Float, Int, ObjectType } from 'type-graphql';
import { PaymentMethod } from '../core/enums';

/** One payment method as the checkout shows it: where to pay, at what rate, and whether it is accepted. */
@ObjectType('PaymentMethodInfo')
export class PaymentMethodInfo {
  @Field(() => PaymentMethod)
  method: PaymentMethod;

  @Field(() => String, { description: 'Display label, e.g. "Bitcoin (BTC)"' })
  label: string;

  @Field(() => String, { description: 'What the customer sends: USDT, BTC, ETH, or USD for PayPal/Skrill' })
  currency: string;

  @Field(() => String, {
    nullable: true,
    description:
      'Receiving address; null when not configured (always for PayPal/Skrill), and when each order gets one of its own ' +
      '(BTC with BTC_XPUB: the held quote and the order carry it)',
  })
  address: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'SVG of a QR code encoding the address; null without an address',
  })
  qrSvg: string | null;

  @Field(() => Float, {
    nullable: true,
    description:
      'US dollars one unit of the currency counts for now (after the store spread); null while exchange rates for it ' +
      'are unavailable (the method is then refused at checkout)',
  })
  usdRate: number | null;

  @Field(() => Int, { description: 'Decimals of amounts in this currency' })
  decimals: number;

  @Field(() => Boolean, {
    description: 'False for PayPal/Skrill and for methods with neither a configured address nor an extended key',
  })
  available: boolean;

  @Field(() => Boolean, {
    description: 'Payments are read from the chain and confirmed automatically; false: an admin confirms them',
  })
  confirmedOnChain: boolean;

  @Field(() => Int, {
    nullable: true,
    description: 'Confirmations a payment needs before the order counts as paid; null when an admin confirms',
  })
  requiredConfirmations: number | null;
}
