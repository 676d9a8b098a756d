import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Public, Requires } from '../graphql/access';
import type { RequestContext } from '../graphql/context';
import { Permission } from '../staff/staff.types';
import { StoreSettingsService } from './store-settings.service';
import { StoreSettings, StoreSettingsInput } from './store-settings.types';

/** The shop's name, contacts and policy pages (docs/graphql-api.md "Store settings"). */
@Resolver()
export class StoreSettingsResolver {
  constructor(private readonly settings: StoreSettingsService) {}

  @Public()
  @Query(() => StoreSettings, {
    description: "The store's name, contacts and Terms, Refund and Privacy texts (the defaults until the owner saves)",
  })
  async storeSettings(): Promise<StoreSettings> {
    return Object.assign(new StoreSettings(), await this.settings.current());
  }

  // CATALOGUE: what the shop shows its visitors is the catalogue's staff's (docs/decisions.md "Store settings").
  @Requires(Permission.CATALOGUE)
  @Mutation(() => StoreSettings, {
    description:
      'Admin: replaces every store setting; BAD_USER_INPUT naming the field when one is malformed. Every server ' +
      'process shows them from the next request on',
  })
  async updateStoreSettings(
    @Arg('input', () => StoreSettingsInput) input: StoreSettingsInput,
    @Ctx() ctx: RequestContext,
  ): Promise<StoreSettings> {
    return Object.assign(new StoreSettings(), await this.settings.update(ctx.user!, { ...input }));
  }
}
