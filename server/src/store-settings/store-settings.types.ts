import { Field, InputType, ObjectType } from 'type-graphql';

/** The shop as its owner names it (docs/product.md "Store settings"); the defaults until the owner saves their own. */
@ObjectType('StoreSettings', {
  description: "The store's name, contacts and the texts of its Terms, Refund and Privacy pages, as the owner set them",
})
export class StoreSettings {
  @Field(() => String)
  storeName: string;

  @Field(() => String)
  supportEmail: string;

  @Field(() => String, { description: 'As shown; may be empty (no phone support)' })
  supportPhone: string;

  @Field(() => String, { description: 'When phone support answers, e.g. "Mon-Fri 9AM-5PM", in `timeZone`' })
  supportHours: string;

  @Field(() => String, { description: 'IANA time zone of the support hours, e.g. "Europe/Berlin"' })
  timeZone: string;

  @Field(() => String, {
    description: 'The Terms of Service page (/terms): plain text, paragraphs split by blank lines',
  })
  termsText: string;

  @Field(() => String, { description: 'The Refund Policy page (/refunds), as termsText' })
  refundText: string;

  @Field(() => String, { description: 'The Privacy Policy page (/privacy), as termsText' })
  privacyText: string;

  @Field(() => Date, { nullable: true, description: 'When the owner last saved them; null: the defaults' })
  updatedAt: Date | null;
}

/**
 * Every setting, replaced together (the admin's Settings form sends them all). Nullable and loosely typed on purpose,
 * as ProductInput: a missing or malformed value reaches common/store-settings.ts's rules and gets its field's message.
 */
@InputType('StoreSettingsInput')
export class StoreSettingsInput {
  @Field(() => String, { nullable: true, description: 'At most 60 characters' })
  storeName?: string | null;

  @Field(() => String, { nullable: true, description: 'An e-mail address' })
  supportEmail?: string | null;

  @Field(() => String, { nullable: true, description: 'Digits, spaces, +, -, ( and ); at most 40 characters' })
  supportPhone?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 60 characters' })
  supportHours?: string | null;

  @Field(() => String, { nullable: true, description: 'An IANA time zone the server knows' })
  timeZone?: string | null;

  @Field(() => String, { nullable: true, description: 'Plain text, at most 20,000 characters' })
  termsText?: string | null;

  @Field(() => String, { nullable: true, description: 'Plain text, at most 20,000 characters' })
  refundText?: string | null;

  @Field(() => String, { nullable: true, description: 'Plain text, at most 20,000 characters' })
  privacyText?: string | null;
}
