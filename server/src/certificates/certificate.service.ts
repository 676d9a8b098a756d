import { DataSource } from 'typeorm';
import { isUuid, issueCertificateSchema } from '../../../common/validation';
import { Service } from '../container';
import { FileStore } from '../files/file-store';
import { discardUpload } from '../files/upload-reader';
import { NotFoundError, parseInput } from '../core/errors';
import { EventBus } from '../core/event-bus';
import type { UploadValue } from '../files/upload-value';
import { ActorKind } from '../core/enums';
import { OrderLifecycle } from '../orders/order-lifecycle.service';
import { Order } from '../orders/order.entity';
import { orderChangeEvents } from '../orders/order-topics';
import { PEM_MIME, readCertificateFile } from './certificate-file';
import type { IssueCertificateInput } from './certificate.inputs';
import { Certificate } from './certificate.entity';
import { rowsOfUsers } from '../db/hydrate';

export interface CertificateUploads {
  certificateFile?: UploadValue | null;
  chainFile?: UploadValue | null;
}

/** Certificates: the customer's list (dashboard, docs/product.md "Dashboard") and issuing one for an order (admin). */
@Service()
export class CertificateService {
  constructor(
    private readonly db: DataSource,
    private readonly files: FileStore,
    private readonly bus: EventBus,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  /** The user's certificates, newest first. */
  listForUser(userId: string): Promise<Certificate[]> {
    return rowsOfUsers(this.db.manager, Certificate, [userId]);
  }

  /**
   * Issues a certificate for an order, owned by the order's customer and for its product. The files
   * (optional PEM certificate and chain), the certificate and an order_events line naming the admin
   * are written in one transaction: nothing is left behind when any part fails.
   */
  async issue(actorId: string, input: IssueCertificateInput, uploads: CertificateUploads): Promise<Certificate> {
    let fields;
    try {
      fields = parseInput(issueCertificateSchema, {
        domainName: input.domainName,
        issuedAt: input.issuedAt ?? new Date(),
        expiresAt: input.expiresAt,
      });
    } catch (error) {
      discardUpload(uploads.certificateFile);
      discardUpload(uploads.chainFile);
      throw error;
    }
    // Both parts are read at once: the multipart body arrives in the client's order, and waiting on
    // the second before draining the first would stall the parser.
    const [certificateBytes, chainBytes] = await Promise.allSettled([
      uploads.certificateFile ? readCertificateFile(uploads.certificateFile, 'certificateFile') : null,
      uploads.chainFile ? readCertificateFile(uploads.chainFile, 'chainFile') : null,
    ]);
    if (certificateBytes.status === 'rejected') throw certificateBytes.reason;
    if (chainBytes.status === 'rejected') throw chainBytes.reason;

    return this.db.transaction(async (manager) => {
      const order = isUuid(input.orderId) ? await manager.getRepository(Order).findOneBy({ id: input.orderId }) : null;
      if (!order) throw new NotFoundError('Order');
      const fileName = fields.domainName.replace(/^\*\./, 'wildcard.');
      const saveFile = async (bytes: Buffer | null, kind: 'certificate' | 'certificate_chain', filename: string) =>
        bytes
          ? (await this.files.save(manager, { ownerId: order.userId, kind, filename, mime: PEM_MIME, bytes })).id
          : null;

      const certificate = manager.getRepository(Certificate).create({
        userId: order.userId,
        orderId: order.id,
        productId: order.productId,
        domainName: fields.domainName,
        status: input.status,
        issuedAt: fields.issuedAt,
        expiresAt: fields.expiresAt,
        autoRenew: input.autoRenew,
        certificateFileId: await saveFile(certificateBytes.value, 'certificate', `${fileName}.crt`),
        chainFileId: await saveFile(chainBytes.value, 'certificate_chain', `${fileName}.ca-bundle.crt`),
      });
      await manager.getRepository(Certificate).save(certificate);
      // The order's status does not change; the line makes the issue visible in its audit trail (written by the
      // orders module, which owns it).
      await this.lifecycle.note(
        manager,
        order,
        { kind: ActorKind.ADMIN, userId: actorId },
        `Certificate issued for ${fields.domainName}`,
      );
      // Live views of the order (the admin queue's audit trail, the customer's page) show the new line.
      await this.bus.publish(orderChangeEvents(order.id), manager);
      return certificate;
    });
  }
}
