/**
 * Inputs of the account operations. Fields for which the spec has a "required" message are nullable
 * here, so a missing value reaches zod and the client sees the spec's message instead of a GraphQL
 * coercion error. All rules live in common/validation.ts.
 */
import { Field, InputType } from 'type-graphql';

@InputType()
export class SignUpInput {
  @Field(() => String, { nullable: true, description: "Required ('Full name is required'), at most 100 characters" })
  fullName?: string | null;

  @Field(() => String, { description: 'Trimmed and lower-cased' })
  email: string;

  @Field(() => String, { description: '8 to 72 characters with an uppercase letter, a lowercase letter and a number' })
  password: string;

  @Field(() => String, {
    nullable: true,
    description: 'A solved captchaChallenge (the altcha payload, base64); required when the store asks for one',
  })
  captcha?: string | null;
}

@InputType()
export class SignInInput {
  @Field(() => String)
  email: string;

  @Field(() => String, { nullable: true, description: "Required ('Password is required')" })
  password?: string | null;
}

@InputType({ description: 'Replaces the three editable fields; an empty or missing company or phone clears it' })
export class ProfileInput {
  @Field(() => String, { nullable: true })
  fullName?: string | null;

  @Field(() => String, { nullable: true })
  companyName?: string | null;

  @Field(() => String, { nullable: true })
  phone?: string | null;
}
