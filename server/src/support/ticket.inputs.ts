import { Field, ID, InputType } from 'type-graphql';
import { TicketCategory, TicketPriority } from '../core/enums';

/**
 * A new support ticket. title, description and category are nullable in the schema although they are
 * required: a missing one then reaches zod, and the client sees the spec's message ('Subject is
 * required', 'Description is required', 'Please select a category') rather than a coercion error.
 */
@InputType()
export class CreateTicketInput {
  @Field(() => String, { nullable: true, description: 'The subject: required, at most 200 characters' })
  title?: string | null;

  @Field(() => String, { nullable: true, description: 'Required, at most 2000 characters' })
  description?: string | null;

  @Field(() => TicketCategory, { nullable: true, description: "Required ('Please select a category')" })
  category?: TicketCategory | null;

  @Field(() => TicketPriority, { nullable: true, description: 'Defaults to MEDIUM' })
  priority?: TicketPriority | null;

  @Field(() => ID, { nullable: true, description: 'One of your own orders the ticket is about (optional)' })
  orderId?: string | null;
}
