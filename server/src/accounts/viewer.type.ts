import { Field, ID, ObjectType } from 'type-graphql';
import { Profile } from './profile.entity';

/**
 * The signed-in user as `me` returns it. `orders`, `certificates` and `tickets` are added by field
 * resolvers in their own domains (orders/, certificates/, support/).
 */
@ObjectType('Viewer')
export class Viewer {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  email: string;

  @Field(() => Boolean, { description: 'Whether the viewer has a staff role (staffRole and permissions say which)' })
  isAdmin: boolean;

  @Field(() => Boolean, { description: 'Whether the address was confirmed by a mailed link (verifyEmail)' })
  emailVerified: boolean;

  @Field(() => Profile)
  profile: Profile;
}
