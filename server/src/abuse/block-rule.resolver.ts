import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Requires } from '../graphql/access';
import { Permission } from '../staff/staff.types';
import type { RequestContext } from '../graphql/context';
import { BlockRuleService } from './block-rule.service';
import { BlockRule, BlockRuleKind } from './block-rule.types';

/** The admin's block rules (docs/graphql-api.md "Block rules"). */
@Resolver()
export class BlockRuleResolver {
  constructor(private readonly rules: BlockRuleService) {}

  @Requires(Permission.CUSTOMERS)
  @Query(() => [BlockRule], { description: 'Admin: every block rule, newest first' })
  blockRules(): Promise<BlockRule[]> {
    return this.rules.list();
  }

  @Requires(Permission.CUSTOMERS)
  @Mutation(() => BlockRule, {
    description:
      'Admin: blocks sign-up, sign-in, refresh and checkout for an e-mail, a domain (and its subdomains), an IP or a ' +
      'range. The value is stored canonical; BAD_USER_INPUT (field `value`) when malformed, a duplicate, or matching ' +
      "your own IP or e-mail or an admin's e-mail",
  })
  addBlockRule(
    @Arg('kind', () => BlockRuleKind) kind: BlockRuleKind,
    @Arg('value', () => String) value: string,
    @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Ctx() ctx: RequestContext,
  ): Promise<BlockRule> {
    return this.rules.add(ctx.user!, ctx.ip, { kind, value, reason });
  }

  @Requires(Permission.CUSTOMERS)
  @Mutation(() => Boolean, {
    description: 'Admin: removes a block rule (NOT_FOUND for an unknown id); takes effect in every server process',
  })
  removeBlockRule(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.rules.remove(ctx.user!, id);
  }
}
