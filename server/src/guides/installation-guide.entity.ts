import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { GuideCategory } from '../core/enums';

/** An installation guide (docs/product.md "Data"); steps are a jsonb array of strings. */
@ObjectType('InstallationGuide')
@Entity('installation_guides')
export class InstallationGuide {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => String)
  @Column({ type: 'text' })
  title: string;

  @Field(() => String)
  @Column({ name: 'server_type', type: 'text' })
  serverType: string;

  @Field(() => GuideCategory)
  @Column({ type: 'text', default: GuideCategory.OTHER })
  category: GuideCategory;

  @Field(() => String)
  @Column({ type: 'text' })
  content: string;

  @Field(() => [String])
  @Column({ type: 'jsonb', default: () => "'[]'" })
  steps: string[];

  @Field(() => Int)
  @Column({ name: 'helpful_count', type: 'integer', default: 0 })
  helpfulCount: number;

  @Field(() => Int)
  @Column({ type: 'integer', default: 0 })
  views: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
