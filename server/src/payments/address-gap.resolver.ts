import { Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { PaymentMethod } from '../core/enums';
import { Requires } from '../graphql/access';
import { Permission } from '../staff/staff.types';
import { DerivedAddresses } from './derived-addresses.service';
import { PAYMENT_METHOD_DEFINITIONS } from './methods';

/** How the addresses derived for a method's orders are used (the admin's gap-limit warning). */
@ObjectType('AddressGap')
export class AddressGap {
  @Field(() => PaymentMethod)
  method: PaymentMethod;

  @Field(() => Int, { description: "Addresses handed out so far from the method's extended public key" })
  handedOut: number;

  @Field(() => Int, { nullable: true, description: 'The highest address index that received a payment; null: none' })
  lastUsedIndex: number | null;

  @Field(() => Int, {
    description:
      'The longest run of addresses handed out in a row that received nothing (between paid ones, or after the last)',
  })
  unusedInARow: number;

  @Field(() => Int, { description: 'Unused addresses in a row past which a wallet stops looking (20)' })
  gapLimit: number;

  @Field(() => Boolean, {
    description:
      'More than gapLimit unused in a row: a wallet with that gap limit would not show the payments after them',
  })
  overLimit: boolean;
}

/** The Overview's gap-limit warning (docs/payments.md "An address per Bitcoin order"). */
@Resolver()
export class AddressGapResolver {
  constructor(private readonly derived: DerivedAddresses) {}

  @Requires(Permission.ORDERS_READ)
  @Query(() => [AddressGap], {
    description:
      'Admin: for each payment method whose orders get addresses of their own (BTC_XPUB), how they are used; ' +
      'overLimit says the seller should raise their wallet’s gap limit to see every payment',
  })
  async addressGaps(): Promise<AddressGap[]> {
    const gaps = await this.derived.gaps(PAYMENT_METHOD_DEFINITIONS.map((d) => d.method));
    return gaps.map((gap) => Object.assign(new AddressGap(), gap, { overLimit: gap.unusedInARow > gap.gapLimit }));
  }
}
