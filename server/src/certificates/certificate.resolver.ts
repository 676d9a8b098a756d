import { Arg, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import { Viewer } from '../accounts/viewer.type';
import { SignedUrlService } from '../files/signed-url.service';
import { Requires } from '../graphql/access';
import { Permission } from '../staff/staff.types';
import type { RequestContext } from '../graphql/context';
import { UploadScalar, type UploadValue } from '../graphql/scalars/upload';
import { Certificate } from './certificate.entity';
import { IssueCertificateInput } from './certificate.inputs';
import { CertificateService } from './certificate.service';

/** Certificate fields that need lookups: product name (batched) and signed download URLs. */
@Resolver(() => Certificate)
export class CertificateResolver {
  constructor(
    private readonly certificates: CertificateService,
    private readonly signer: SignedUrlService,
  ) {}

  @FieldResolver(() => String, { nullable: true })
  async productName(@Root() certificate: Certificate, @Ctx() ctx: RequestContext): Promise<string | null> {
    if (!certificate.productId) return null;
    return (await ctx.loaders.productById.load(certificate.productId))?.name ?? null;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'Signed, expiring download URL of the PEM certificate; null without a file',
  })
  certificateFileUrl(@Root() certificate: Certificate): string | null {
    return certificate.certificateFileId ? this.signer.sign(certificate.certificateFileId) : null;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'Signed, expiring download URL of the PEM chain; null without a file',
  })
  chainFileUrl(@Root() certificate: Certificate): string | null {
    return certificate.chainFileId ? this.signer.sign(certificate.chainFileId) : null;
  }

  @Requires(Permission.ORDERS_WRITE)
  @Mutation(() => Certificate, {
    description: "Admin: issues a certificate for an order (the order's customer and product), with optional PEM files",
  })
  issueCertificate(
    @Arg('input', () => IssueCertificateInput) input: IssueCertificateInput,
    @Arg('certificateFile', () => UploadScalar, { nullable: true }) certificateFile: UploadValue | null,
    @Arg('chainFile', () => UploadScalar, { nullable: true }) chainFile: UploadValue | null,
    @Ctx() ctx: RequestContext,
  ): Promise<Certificate> {
    return this.certificates.issue(ctx.user!.id, input, { certificateFile, chainFile });
  }
}

/**
 * `Viewer.certificates`, the dashboard's Certificates tab. A Viewer only ever describes its own user
 * (from `me` or an AuthPayload, where the context has no user yet), so no further rule is needed.
 */
@Resolver(() => Viewer)
export class ViewerCertificatesResolver {
  constructor(private readonly certificateService: CertificateService) {}

  @FieldResolver(() => [Certificate], { description: "The viewer's certificates, newest first" })
  certificates(@Root() viewer: Viewer): Promise<Certificate[]> {
    return this.certificateService.listForUser(viewer.id);
  }
}
