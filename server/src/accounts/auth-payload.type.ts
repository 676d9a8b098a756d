import { Field, ObjectType } from 'type-graphql';
import { Viewer } from './viewer.type';

/**
 * What signUp, signIn and refreshSession return. The refresh token is never in the body: it travels in
 * the httpOnly `store_refresh` cookie (see refresh-cookie.ts).
 */
@ObjectType('AuthPayload')
export class AuthPayload {
  @Field(() => String, {
    description: 'Send as `Authorization: Bearer <accessToken>` (HTTP) or in graphql-ws connectionParams',
  })
  accessToken: string;

  @Field(() => Date, { description: 'When the access token stops working (15 minutes); call refreshSession before' })
  expiresAt: Date;

  @Field(() => Viewer)
  viewer: Viewer;
}
