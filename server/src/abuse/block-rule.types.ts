import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';

/** What a block rule matches: the GraphQL names, also stored (common/block-rules.ts BLOCK_RULE_KINDS lists the same). */
export enum BlockRuleKind {
  EMAIL = 'EMAIL',
  EMAIL_DOMAIN = 'EMAIL_DOMAIN',
  IP = 'IP',
  CIDR = 'CIDR',
}

registerEnumType(BlockRuleKind, {
  name: 'BlockRuleKind',
  description: 'What a block rule matches',
  valuesConfig: {
    EMAIL: { description: "One e-mail address (trimmed, lower-case): the account's, or the one typed at checkout" },
    EMAIL_DOMAIN: { description: 'The domain of an e-mail address and its subdomains (example.com, lower-case)' },
    IP: { description: 'One IPv4 or IPv6 address of the client; an IPv4-mapped IPv6 client matches its IPv4 rule' },
    CIDR: { description: 'An IPv4 or IPv6 range, address/prefix, stored as its network (203.0.113.0/24)' },
  },
});

/** A rule that turns requests away at sign-up, sign-in, refresh and checkout (docs/product.md "Block rules"). */
@ObjectType('BlockRule', {
  description: 'Turns away sign-up, sign-in, refresh and checkout for an e-mail, a domain, an IP or a range',
})
export class BlockRule {
  @Field(() => ID)
  id: string;

  @Field(() => BlockRuleKind)
  kind: BlockRuleKind;

  @Field(() => String, { description: 'The canonical value: lower-case e-mail or domain, compressed IPv6, a network' })
  value: string;

  @Field(() => String, { nullable: true, description: 'Why it was added, for the staff' })
  reason: string | null;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => String, {
    nullable: true,
    description: 'The e-mail of the admin who added it (null once that account is gone)',
  })
  createdByEmail: string | null;
}
