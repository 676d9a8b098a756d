import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CertificateStatus } from '../core/enums';

/** An issued certificate (docs/product.md "Data"); product name and download URLs are field resolvers. */
@ObjectType('Certificate')
@Entity('certificates')
export class Certificate {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'order_id', type: 'uuid', nullable: true })
  orderId: string | null;

  @Column({ name: 'product_id', type: 'uuid', nullable: true })
  productId: string | null;

  @Field(() => String)
  @Column({ name: 'domain_name', type: 'text' })
  domainName: string;

  @Field(() => CertificateStatus)
  @Column({ type: 'text', default: CertificateStatus.ACTIVE })
  status: CertificateStatus;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'issued_at', type: 'timestamptz', nullable: true })
  issuedAt: Date | null;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Field(() => Boolean)
  @Column({ name: 'auto_renew', type: 'boolean', default: false })
  autoRenew: boolean;

  @Column({ name: 'certificate_file_id', type: 'uuid', nullable: true })
  certificateFileId: string | null;

  @Column({ name: 'chain_file_id', type: 'uuid', nullable: true })
  chainFileId: string | null;

  @Field(() => Date)
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
