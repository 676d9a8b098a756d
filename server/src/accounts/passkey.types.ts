import { Field, ID, ObjectType } from 'type-graphql';

/** One passkey of the signed-in account (Viewer.passkeys): what its owner needs to tell them apart. */
@ObjectType('Passkey')
export class Passkey {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: 'The name its owner gave it ("MacBook")' })
  name: string;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: 'The last sign-in or confirmation with it' })
  lastUsedAt: Date | null;
}
