import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A customer's profile; its id equals the user id (docs/product.md "Data"). */
@ObjectType()
@Entity('profiles')
export class Profile {
  @Field(() => ID)
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Field(() => String, { nullable: true })
  @Column({ name: 'full_name', type: 'text', nullable: true })
  fullName: string | null;

  @Field(() => String)
  @Column({ type: 'text' })
  email: string;

  @Field(() => String, { nullable: true })
  @Column({ name: 'company_name', type: 'text', nullable: true })
  companyName: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
