import { MESSAGES } from '../../common/validation';
import { SignedUrlService } from '../../server/src/files/signed-url.service';
import {
  PNG_1x1,
  startTestServer,
  subscribeOnce,
  type GqlResponse,
  type TestServer,
  type TestUser,
  type UploadFile,
} from '../support/test-server';
import { CERTIFICATE_PEM as LEAF_PEM, TEST_ADDRESSES } from '../support/fixtures';

/** A CA certificate for the chain of LEAF_PEM (the self-signed CN=shop.example.com of tests/support/fixtures). */
const CHAIN_PEM = `-----BEGIN CERTIFICATE-----
MIIBijCCAS+gAwIBAgIUCqALaqUAN60fnOav5uqCcNXLjEUwCgYIKoZIzj0EAwIw
GjEYMBYGA1UEAwwPRXhhbXBsZSBUZXN0IENBMB4XDTI2MTEyMTA5MzcwNFoXDTI3
MTEyMTA5MzcwNFowGjEYMBYGA1UEAwwPRXhhbXBsZSBUZXN0IENBMFkwEwYHKoZI
zj0CAQYIKoZIzj0DAQcDQgAEnXsO2a5XXZC8MXdy2+MWRBcRBMmUVZ9RDxnPmqLg
zArHJGrIlQWBLUZJs9Wf+Wj6hK8Qv5VuSKuJW+r/S2Jv5aNTMFEwHQYDVR0OBBYE
FIh+juNQcB1Ck2RxzhcedkBVaJ0xMB8GA1UdIwQYMBaAFIh+juNQcB1Ck2Rxzhce
dkBVaJ0xMA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwIDSQAwRgIhAK4XLKWn
C5vQdGQDaGsDfiTEYLidbmQ4jTUVXOIc0myjAiEAx6b54qCmhLMtoS5R4eH5h3tE
0lzLyc3wmiyWj3ReWS0=
-----END CERTIFICATE-----
`;
const PRIVATE_KEY_PEM = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgmzb5wJc3dN0pPVnR
-----END PRIVATE KEY-----
`;

const pem = (text: string, name = 'certificate.crt'): UploadFile => ({
  name,
  type: 'application/x-x509-ca-cert',
  bytes: Buffer.from(text),
});

const CERTIFICATE_FIELDS = `id domainName status issuedAt expiresAt autoRenew productName certificateFileUrl chainFileUrl createdAt`;
const ISSUE = `mutation Issue($input: IssueCertificateInput!, $certificateFile: Upload, $chainFile: Upload) {
  issueCertificate(input: $input, certificateFile: $certificateFile, chainFile: $chainFile) { ${CERTIFICATE_FIELDS} }
}`;
const MY_CERTIFICATES = `{ me { id certificates { ${CERTIFICATE_FIELDS} } } }`;

interface CertificateResult {
  id: string;
  domainName: string;
  status: string;
  issuedAt: string | null;
  expiresAt: string | null;
  autoRenew: boolean;
  productName: string | null;
  certificateFileUrl: string | null;
  chainFileUrl: string | null;
  createdAt: string;
}

let server: TestServer;
let admin: TestUser;
let customer: TestUser;
let otherCustomer: TestUser;
let sslProductId: string;
let orderId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ admin: true });
  customer = await server.createUser();
  otherCustomer = await server.createUser();
  [{ id: sslProductId }] = await server.sql<{ id: string }>(`SELECT id FROM products WHERE slug = 'ssl-certificates'`);
  orderId = await insertOrder(customer, 'COMPLETED');
});
afterAll(() => server.close());

/** The checkout is tested elsewhere; certificates only need an order row. */
async function insertOrder(user: TestUser, status = 'PENDING'): Promise<string> {
  const [{ id }] = await server.sql<{ id: string }>(
    `INSERT INTO orders (user_id, product_id, contact_email, domain_name, quantity, unit_price, total_price,
       payment_method, crypto_address, payment_amount_crypto, status)
     VALUES ($1, $2, $3, 'shop.example.com', 4000, 13.6, 54400, 'USDT_TRC20', $5, 54400, $4)
     RETURNING id`,
    [user.id, sslProductId, user.email, status, TEST_ADDRESSES.USDT_TRC20],
  );
  return id;
}

/** A multipart request (graphql-multipart-request-spec) with any number of files, one per variable. */
async function uploadFiles<T = Record<string, any>>(
  query: string,
  variables: Record<string, unknown>,
  files: Record<string, UploadFile>,
  token?: string,
): Promise<GqlResponse<T>> {
  const form = new FormData();
  const names = Object.keys(files);
  form.append(
    'operations',
    JSON.stringify({ query, variables: { ...variables, ...Object.fromEntries(names.map((n) => [n, null])) } }),
  );
  form.append('map', JSON.stringify(Object.fromEntries(names.map((n, i) => [String(i), [`variables.${n}`]]))));
  names.forEach((n, i) => {
    const file = files[n];
    form.append(String(i), new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  });
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'apollo-require-preflight': 'true', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  const body = (await res.json()) as { data?: T; errors?: GqlResponse['errors'] };
  return { status: res.status, data: body.data, errors: body.errors, headers: res.headers };
}

function input(overrides: Record<string, unknown> = {}) {
  return {
    orderId,
    domainName: 'shop.example.com',
    issuedAt: '2026-11-01T00:00:00.000Z',
    expiresAt: '2027-11-01T00:00:00.000Z',
    autoRenew: true,
    ...overrides,
  };
}

async function counts(): Promise<{ certificates: number; files: number; events: number }> {
  const [row] = await server.sql<{ certificates: number; files: number; events: number }>(
    `SELECT (SELECT count(*)::int FROM certificates) AS certificates,
            (SELECT count(*)::int FROM stored_files) AS files,
            (SELECT count(*)::int FROM order_events) AS events`,
  );
  return row;
}

async function download(url: string): Promise<Response> {
  return fetch(`${server.url}${url}`);
}

describe('issueCertificate', () => {
  let issued: CertificateResult;

  it('issues a certificate with certificate and chain files for the order’s customer and product', async () => {
    const res = await uploadFiles<{ issueCertificate: CertificateResult }>(
      ISSUE,
      { input: input() },
      { certificateFile: pem(LEAF_PEM, 'shop.crt'), chainFile: pem(CHAIN_PEM, 'chain.pem') },
      admin.token,
    );
    expect(res.errors).toBeUndefined();
    issued = res.data!.issueCertificate;
    expect(issued).toMatchObject({
      domainName: 'shop.example.com',
      status: 'ACTIVE',
      issuedAt: '2026-11-01T00:00:00.000Z',
      expiresAt: '2027-11-01T00:00:00.000Z',
      autoRenew: true,
      productName: 'SSL Key Bulk Package',
    });
    expect(issued.certificateFileUrl).toMatch(/^\/files\/[0-9a-f-]{36}\?exp=\d+&sig=[0-9a-f]{64}$/);
    expect(issued.chainFileUrl).toMatch(/^\/files\/[0-9a-f-]{36}\?exp=\d+&sig=[0-9a-f]{64}$/);

    const [row] = await server.sql(`SELECT * FROM certificates WHERE id = $1`, [issued.id]);
    expect(row).toMatchObject({ user_id: customer.id, order_id: orderId, product_id: sslProductId, status: 'ACTIVE' });
    const files = await server.sql(
      `SELECT kind, mime, owner_id, size FROM stored_files WHERE id IN ($1, $2) ORDER BY kind`,
      [row.certificate_file_id, row.chain_file_id],
    );
    expect(files).toEqual([
      { kind: 'certificate', mime: 'application/x-pem-file', owner_id: customer.id, size: Buffer.byteLength(LEAF_PEM) },
      {
        kind: 'certificate_chain',
        mime: 'application/x-pem-file',
        owner_id: customer.id,
        size: Buffer.byteLength(CHAIN_PEM),
      },
    ]);
  });

  it('writes the issue into the order’s audit trail with the admin as actor', async () => {
    const events = await server.sql(
      `SELECT actor_id, from_status, to_status, note FROM order_events WHERE order_id = $1`,
      [orderId],
    );
    expect(events).toEqual([
      {
        actor_id: admin.id,
        from_status: 'COMPLETED',
        to_status: 'COMPLETED',
        note: 'Certificate issued for shop.example.com',
      },
    ]);
    const [order] = await server.sql(`SELECT status FROM orders WHERE id = $1`, [orderId]);
    expect(order.status).toBe('COMPLETED');
  });

  it('announces the new audit line to admins watching the queue', async () => {
    const liveOrderId = await insertOrder(await server.createUser(), 'COMPLETED');
    const sub = subscribeOnce(server.ws(admin.token), {
      query: `subscription { adminOrderChanged { id events { note } } }`,
    });
    await sub.ready;
    const res = await server.gql(
      ISSUE,
      { input: { orderId: liveOrderId, domainName: 'live.example.com', expiresAt: '2030-01-01T00:00:00.000Z' } },
      { token: admin.token },
    );
    expect(res.errors).toBeUndefined();
    const delivered = (await sub.next()).data!.adminOrderChanged;
    expect(delivered.id).toBe(liveOrderId);
    expect(delivered.events.at(-1)).toEqual({ note: 'Certificate issued for live.example.com' });
    sub.dispose();
  });

  it('serves the files to whoever holds the signed URL, as PEM attachments', async () => {
    const cert = await download(issued.certificateFileUrl!);
    expect(cert.status).toBe(200);
    expect(cert.headers.get('content-type')).toBe('application/x-pem-file');
    expect(cert.headers.get('content-disposition')).toBe('attachment; filename="shop.example.com.crt"');
    expect(await cert.text()).toBe(LEAF_PEM);
    const chain = await download(issued.chainFileUrl!);
    expect(chain.status).toBe(200);
    expect(await chain.text()).toBe(CHAIN_PEM);
  });

  it('refuses tampered and expired signatures with 403', async () => {
    const url = new URL(issued.certificateFileUrl!, server.url);
    const sig = url.searchParams.get('sig')!;
    const tampered = `${url.pathname}?exp=${url.searchParams.get('exp')}&sig=${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    expect((await download(tampered)).status).toBe(403);
    const longer = `${url.pathname}?exp=${Number(url.searchParams.get('exp')) + 3600}&sig=${sig}`;
    expect((await download(longer)).status).toBe(403);
    expect((await download(url.pathname)).status).toBe(403);
    // A correctly signed URL whose time is up.
    const fileId = url.pathname.split('/').pop()!;
    const expired = server.app.container.get(SignedUrlService).sign(fileId, Date.now() - 2 * 3600 * 1000);
    expect((await download(expired)).status).toBe(403);
  });

  it('issues without files (no download URLs), defaulting issuedAt to now', async () => {
    const before = Date.now();
    const res = await server.gql<{ issueCertificate: CertificateResult }>(
      ISSUE,
      { input: { orderId, domainName: '*.example.com', expiresAt: '2030-01-01T00:00:00.000Z' } },
      { token: admin.token },
    );
    expect(res.errors).toBeUndefined();
    const cert = res.data!.issueCertificate;
    expect(cert).toMatchObject({
      domainName: '*.example.com',
      autoRenew: false,
      status: 'ACTIVE',
      certificateFileUrl: null,
      chainFileUrl: null,
    });
    expect(new Date(cert.issuedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('takes a status and just a certificate file', async () => {
    const res = await uploadFiles<{ issueCertificate: CertificateResult }>(
      ISSUE,
      { input: input({ domainName: 'pending.example.com', status: 'PENDING' }) },
      { certificateFile: pem(LEAF_PEM) },
      admin.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.issueCertificate).toMatchObject({ status: 'PENDING', chainFileUrl: null });
    expect(res.data!.issueCertificate.certificateFileUrl).toMatch(/^\/files\//);
  });

  describe('refusals leave nothing behind', () => {
    async function expectRefused(res: GqlResponse, code: string, message?: string, field?: string) {
      expect(res.data ?? null).toBeNull();
      expect(res.errors?.[0].extensions?.code).toBe(code);
      if (message) expect(res.errors?.[0].message).toBe(message);
      if (field) expect(res.errors?.[0].extensions?.fieldErrors).toEqual([{ field, message }]);
    }

    let before: Awaited<ReturnType<typeof counts>>;
    beforeEach(async () => {
      before = await counts();
    });
    afterEach(async () => {
      expect(await counts()).toEqual(before);
    });

    it('refuses a file that is not PEM (an image renamed .crt)', async () => {
      const res = await uploadFiles(
        ISSUE,
        { input: input() },
        { certificateFile: { name: 'x.crt', type: 'application/x-pem-file', bytes: PNG_1x1 } },
        admin.token,
      );
      await expectRefused(res, 'BAD_USER_INPUT', MESSAGES.certificateFileNotPem, 'certificateFile');
    });

    it('refuses a chain that is not PEM even when the certificate is fine', async () => {
      const res = await uploadFiles(
        ISSUE,
        { input: input() },
        { certificateFile: pem(LEAF_PEM), chainFile: pem('just some text\n', 'chain.pem') },
        admin.token,
      );
      await expectRefused(res, 'BAD_USER_INPUT', MESSAGES.certificateFileNotPem, 'chainFile');
    });

    it('refuses a file that carries a private key', async () => {
      const res = await uploadFiles(
        ISSUE,
        { input: input() },
        { certificateFile: pem(LEAF_PEM + PRIVATE_KEY_PEM) },
        admin.token,
      );
      await expectRefused(res, 'BAD_USER_INPUT', MESSAGES.certificateFileHasPrivateKey, 'certificateFile');
    });

    it('refuses a file over 1 MB', async () => {
      const big = LEAF_PEM.repeat(Math.ceil((1024 * 1024) / LEAF_PEM.length) + 1);
      const res = await uploadFiles(ISSUE, { input: input() }, { certificateFile: pem(big) }, admin.token);
      await expectRefused(res, 'BAD_USER_INPUT', MESSAGES.certificateFileTooLarge, 'certificateFile');
    });

    it('refuses an invalid domain', async () => {
      for (const domainName of ['', 'Not A Domain', 'EXAMPLE.COM', '*.']) {
        const res = await uploadFiles(
          ISSUE,
          { input: input({ domainName }) },
          { certificateFile: pem(LEAF_PEM) },
          admin.token,
        );
        await expectRefused(res, 'BAD_USER_INPUT', MESSAGES.invalidDomain, 'domainName');
      }
    });

    it('refuses an expiry not after the issue date', async () => {
      const res = await server.gql(
        ISSUE,
        { input: input({ expiresAt: '2026-11-01T00:00:00.000Z' }) },
        { token: admin.token },
      );
      await expectRefused(res, 'BAD_USER_INPUT', MESSAGES.certificateExpiryBeforeIssue, 'expiresAt');
    });

    it('answers NOT_FOUND for an unknown or malformed order id', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        const res = await uploadFiles(
          ISSUE,
          { input: input({ orderId: id }) },
          { certificateFile: pem(LEAF_PEM) },
          admin.token,
        );
        await expectRefused(res, 'NOT_FOUND', 'Order not found');
      }
    });

    it('is refused to the order’s own customer (FORBIDDEN) and to signed-out callers (UNAUTHENTICATED)', async () => {
      await expectRefused(
        await uploadFiles(ISSUE, { input: input() }, { certificateFile: pem(LEAF_PEM) }, customer.token),
        'FORBIDDEN',
      );
      await expectRefused(await server.gql(ISSUE, { input: input() }, { token: otherCustomer.token }), 'FORBIDDEN');
      await expectRefused(
        await uploadFiles(ISSUE, { input: input() }, { certificateFile: pem(LEAF_PEM) }),
        'UNAUTHENTICATED',
      );
    });
  });
});

describe('Viewer.certificates', () => {
  it('lists the customer’s certificates newest first with product name and download URLs', async () => {
    const res = await server.gql<{ me: { id: string; certificates: CertificateResult[] } }>(
      MY_CERTIFICATES,
      {},
      { token: customer.token },
    );
    expect(res.errors).toBeUndefined();
    const list = res.data!.me.certificates;
    expect(list.map((c) => c.domainName)).toEqual(['pending.example.com', '*.example.com', 'shop.example.com']);
    const created = list.map((c) => new Date(c.createdAt).getTime());
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(list.every((c) => c.productName === 'SSL Key Bulk Package')).toBe(true);
    const shop = list[2];
    expect(shop.chainFileUrl).toMatch(/^\/files\//);
    const cert = await download(shop.certificateFileUrl!);
    expect(cert.status).toBe(200);
    expect(await cert.text()).toBe(LEAF_PEM);
  });

  it('shows nobody else’s certificates: another customer and the admin have none', async () => {
    for (const user of [otherCustomer, admin]) {
      const res = await server.gql<{ me: { id: string; certificates: CertificateResult[] } }>(
        MY_CERTIFICATES,
        {},
        { token: user.token },
      );
      expect(res.errors).toBeUndefined();
      expect(res.data!.me).toEqual({ id: user.id, certificates: [] });
    }
  });

  it('lists certificates of a product that has since been withdrawn, by its name', async () => {
    const [{ id: productId }] = await server.sql<{ id: string }>(
      `INSERT INTO products (slug, name, category, description, price, active) VALUES ('old-ssl', 'Old SSL', 'ssl_certificates', 'x', 9, false) RETURNING id`,
    );
    const [{ id: oldOrder }] = await server.sql<{ id: string }>(
      `INSERT INTO orders (user_id, product_id, contact_email, quantity, unit_price, total_price, payment_method, crypto_address, payment_amount_crypto)
       VALUES ($1, $2, $3, 1, 9, 9, 'BTC', 'x', 0.00018) RETURNING id`,
      [otherCustomer.id, productId, otherCustomer.email],
    );
    const issued = await server.gql(
      ISSUE,
      { input: input({ orderId: oldOrder, domainName: 'old.example.org' }) },
      { token: admin.token },
    );
    expect(issued.errors).toBeUndefined();
    const res = await server.gql<{ me: { certificates: CertificateResult[] } }>(
      MY_CERTIFICATES,
      {},
      { token: otherCustomer.token },
    );
    expect(res.data!.me.certificates.map((c) => [c.domainName, c.productName])).toEqual([
      ['old.example.org', 'Old SSL'],
    ]);
  });

  it('is not reachable signed out (me is null)', async () => {
    const res = await server.gql(MY_CERTIFICATES);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ me: null });
  });
});
