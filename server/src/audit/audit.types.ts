import { Field, ID, Int, ObjectType } from 'type-graphql';
import { PageInfo } from '../orders/order.types';

/** One staff or API-key action (docs/staff-and-permissions.md "Audit log"). */
@ObjectType('AuditEntry')
export class AuditEntry {
  @Field(() => ID)
  id: string;

  @Field(() => Date, { description: 'When the action happened' })
  at: Date;

  @Field(() => ID, { nullable: true, description: 'The account that acted (for an API key: its creator)' })
  actorId: string | null;

  @Field(() => String, { nullable: true, description: "The account's e-mail when it acted" })
  actorEmail: string | null;

  @Field(() => String, { nullable: true, description: 'The staff role it acted as (StaffRole at that time)' })
  actorRole: string | null;

  @Field(() => ID, { nullable: true, description: 'The API key it acted through (null: signed in)' })
  apiKeyId: string | null;

  @Field(() => String, { nullable: true })
  apiKeyName: string | null;

  @Field(() => String, { description: 'The operation (a Mutation field, e.g. setOrderStatus)' })
  action: string;

  @Field(() => String, { nullable: true, description: 'The record acted on: the id among its arguments' })
  targetId: string | null;

  @Field(() => String, { nullable: true })
  ip: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The arguments as JSON, secrets hidden; only their size when larger than 2,000 characters',
  })
  change: string | null;
}

@ObjectType('AuditEntryEdge')
export class AuditEntryEdge {
  @Field(() => String, { description: 'Opaque; pass as `after` to get the entries after this one' })
  cursor: string;

  @Field(() => AuditEntry)
  node: AuditEntry;
}

/** A page of the audit log, newest first (the shape of OrderConnection). */
@ObjectType('AuditEntryConnection')
export class AuditEntryConnection {
  @Field(() => [AuditEntryEdge])
  edges: AuditEntryEdge[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;

  @Field(() => Int, { description: 'Entries matching the filters, across all pages' })
  totalCount: number;
}
