import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Public, SignedIn } from '../graphql/access';
import type { RequestContext } from '../graphql/context';
import { ProfileInput } from './account.inputs';
import { AccountService } from './account.service';
import { Profile } from './profile.entity';
import { Viewer } from './viewer.type';

/** `me` and Edit Profile. */
@Resolver(() => Viewer)
export class AccountResolver {
  constructor(private readonly accounts: AccountService) {}

  @Public()
  @Query(() => Viewer, { nullable: true, description: 'The signed-in user; null when signed out' })
  async me(@Ctx() ctx: RequestContext): Promise<Viewer | null> {
    // An API key is no one's account (its id is its creator's): it has no viewer.
    if (!ctx.user || ctx.user.apiKey) return null;
    return (await this.accounts.viewer(ctx.user.id))?.viewer ?? null;
  }

  @SignedIn()
  @Mutation(() => Profile, { description: "Edits the signed-in user's full name, company and phone" })
  updateProfile(@Arg('input', () => ProfileInput) input: ProfileInput, @Ctx() ctx: RequestContext): Promise<Profile> {
    return this.accounts.updateProfile(ctx.user!.id, input);
  }
}
