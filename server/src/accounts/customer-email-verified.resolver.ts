import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { Customer } from '../customers/customer.types';
import type { RequestContext } from '../graphql/context';
import { AccountService } from './account.service';

/** `Customer.emailVerified` for the admin's customers view: the account's own flag, batched per request. */
@Resolver(() => Customer)
export class CustomerEmailVerifiedResolver {
  constructor(private readonly accounts: AccountService) {}

  @FieldResolver(() => Boolean, { description: 'Whether the customer confirmed their e-mail address by its link' })
  async emailVerified(@Root() customer: Customer, @Ctx() ctx: RequestContext): Promise<boolean> {
    const loader = ctx.loaders.loader<boolean>('emailVerified', (ids) => this.accounts.emailVerifiedOf(ids));
    return (await loader.load(customer.id)) ?? false;
  }
}
