import { Field, ID, ObjectType } from 'type-graphql';
import { Permission, type PermissionName } from './staff.types';

/** An integrator's API key (docs/staff-and-permissions.md "API keys"); its secret is never shown again. */
@ObjectType('ApiKey')
export class ApiKey {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => [Permission], { description: "What it may do (also never more than its creator's role now)" })
  permissions: PermissionName[];

  @Field(() => String, {
    description: 'The first characters of its secret (sk_store_ and six more), to tell keys apart',
  })
  prefix: string;

  @Field(() => String, { nullable: true, description: 'Who created it' })
  createdByEmail: string | null;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: 'Its last use, to the minute (written at most once a minute)' })
  lastUsedAt: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it was revoked (null: it works)' })
  revokedAt: Date | null;
}

@ObjectType('CreatedApiKey')
export class CreatedApiKey {
  @Field(() => ApiKey)
  apiKey: ApiKey;

  @Field(() => String, {
    description: 'The secret, shown this once: send it as `Authorization: Bearer <secret>`. Only its hash is kept',
  })
  secret: string;
}
