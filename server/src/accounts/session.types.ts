import { Field, ID, ObjectType } from 'type-graphql';

/** One signed-in session of the viewer (a refresh family), as `mySessions` lists it. */
@ObjectType('Session', { description: 'A device signed in to the account' })
export class SessionView {
  @Field(() => ID, { description: 'Pass to revokeSession' })
  id: string;

  @Field(() => Date, { description: 'When it signed in' })
  createdAt: Date;

  @Field(() => Date, { description: 'When it last refreshed its access token' })
  lastUsedAt: Date;

  @Field(() => String, { description: 'Read from the user agent: "Firefox on Windows", or "Unknown device"' })
  device: string;

  @Field(() => String, { nullable: true, description: 'The network it signed in from (IPv4 /24, IPv6 /48)' })
  approximateIp: string | null;

  @Field(() => Boolean, { description: 'Whether it is the session of this request' })
  current: boolean;
}
