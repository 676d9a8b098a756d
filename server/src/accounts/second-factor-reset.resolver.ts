import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { Customer } from '../customers/customer.types';
import { Requires } from '../graphql/access';
import type { RequestContext } from '../graphql/context';
import { Permission } from '../staff/staff.types';
import { SecondFactorReset } from './second-factor-reset.service';
import { SecondFactorService } from './second-factor.service';

/** Support's side of a customer's second factors: whether they have one, and clearing them for a locked-out owner. */
@Resolver(() => Customer)
export class SecondFactorResetResolver {
  constructor(
    private readonly factors: SecondFactorService,
    private readonly resets: SecondFactorReset,
  ) {}

  @FieldResolver(() => Boolean, {
    description: 'Whether the account signs in with a second factor (an authenticator app or a passkey)',
  })
  hasSecondFactor(@Root() customer: Customer): Promise<boolean> {
    return this.factors.hasFactor(customer.id);
  }

  @Requires(Permission.CUSTOMERS)
  @Mutation(() => Boolean, {
    description:
      "Clears an account's second factors (authenticator app, recovery codes, passkeys) for an owner who cannot sign in, ends its sessions and mails it. A staff member's needs STAFF too; not your own; step-up",
  })
  async resetSecondFactors(@Arg('userId', () => ID) userId: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    await this.resets.reset(ctx.user!, userId);
    return true;
  }
}
