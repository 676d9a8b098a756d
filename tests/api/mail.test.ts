/**
 * E-mail through the outbox (docs/jobs-and-events.md "E-mail") with a real SMTP server in this process (npm
 * smtp-server): what the customer receives after checkout and status changes, the admin's view of the outbox, an SMTP
 * server that refuses and recovers (the message is retried and arrives once), one that refuses every attempt (FAILED,
 * then resent), and a store without SMTP_URL (messages kept as not sent).
 */
import type { AddressObject, ParsedMail } from 'mailparser';
import { eventually } from '../support/eventually';
import { Inbox } from '../support/inbox';
import { STORE_NAME } from '../../common/brand';
import { ProductService } from '../../server/src/catalogue/product.service';
import { DomainEventDispatcher } from '../../server/src/core/domain-events';
import { NotificationService } from '../../server/src/notifications/notification.service';
import { startTestServer, TEST_ADDRESSES, type TestServer, type TestUser } from '../support/test-server';

const PUBLIC_URL = 'https://shop.example';
const MAIL_FROM = `${STORE_NAME} <orders@shop.example>`;

const toAddress = (mail: ParsedMail) => (mail.to as AddressObject).value[0].address;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const OUTBOX = `query ($first: Int, $after: String) {
  adminNotifications(first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { cursor node { id kind to subject text html status attempts lastError createdAt sentAt orderId } }
  }
}`;
const RESEND = `mutation ($id: ID!) { resendNotification(id: $id) { id status attempts } }`;

interface OutboxRow {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  orderId: string | null;
}

/** Talks to one test server as its customer and admin. */
function storeClient(server: TestServer, admin: TestUser) {
  let keys = 0;
  return {
    async placeOrder(
      customer: TestUser,
      method: 'BTC' | 'USDT_TRC20' = 'BTC',
      contactEmail = customer.email,
    ): Promise<string> {
      // Delivered by hand here, so the messages follow the admin's moves alone (delivery's e-mail: delivery.test.ts).
      await server.sql(`UPDATE products SET fulfilment = 'MANUAL' WHERE slug = 'ssl-certificates'`);
      server.app.container.get(ProductService).invalidate();
      const [{ id: productId }] = await server.sql(`SELECT id FROM products WHERE slug = 'ssl-certificates'`);
      const res = await server.gql(
        `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`,
        {
          input: {
            productId,
            quantity: 4000,
            email: contactEmail,
            domainName: 'shop.example.com',
            paymentMethod: method,
            idempotencyKey: `mail-${++keys}-${customer.id.slice(0, 8)}`,
          },
        },
        { token: customer.token },
      );
      if (!res.data?.placeOrder) throw new Error(`placeOrder failed: ${JSON.stringify(res.errors)}`);
      return res.data.placeOrder.id as string;
    },
    async setStatus(orderId: string, status: string): Promise<void> {
      const res = await server.gql(
        `mutation ($id: ID!, $s: OrderStatus!) { setOrderStatus(orderId: $id, status: $s) { id } }`,
        { id: orderId, s: status },
        { token: admin.token },
      );
      expect(res.errors).toBeUndefined();
    },
    async outbox(variables: { first?: number; after?: string } = { first: 100 }) {
      const res = await server.gql(OUTBOX, variables, { token: admin.token });
      expect(res.errors).toBeUndefined();
      return res.data!.adminNotifications as {
        totalCount: number;
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
        edges: { cursor: string; node: OutboxRow }[];
      };
    },
    /** The order's messages, newest first, as the admin sees them. */
    async rowsOf(orderId: string): Promise<OutboxRow[]> {
      return (await this.outbox()).edges.map((e) => e.node).filter((n) => n.orderId === orderId);
    },
    /** The order's message of `kind` once `ready` holds for it. */
    rowOf(orderId: string, kind: string, ready: (row: OutboxRow) => boolean): Promise<OutboxRow> {
      return eventually(async () => (await this.rowsOf(orderId)).find((row) => row.kind === kind && ready(row)));
    },
    resend(id: string) {
      return server.gql(RESEND, { id }, { token: admin.token });
    },
  };
}

/**
 * Makes the order's pending mail retries due now and wakes the job runners: the wait is graphile-worker's backoff
 * (exp(1) ≈ 2.7 s, and up to a 2 s poll after it), which shows nothing more than running the retry at once does.
 */
async function retryNow(server: TestServer, orderId: string): Promise<void> {
  await server.sql(
    `UPDATE graphile_worker._private_jobs SET run_at = now()
      WHERE run_at > now() AND attempts > 0 AND locked_at IS NULL
        AND key LIKE ANY (SELECT 'mail:send:' || id || '%' FROM notifications WHERE order_id = $1)`,
    [orderId],
  );
  await server.sql(`SELECT pg_notify('jobs:insert', '{"count":1}')`);
}

describe('with an SMTP server', () => {
  const inbox = new Inbox();
  let server: TestServer;
  let admin: TestUser;
  let store: ReturnType<typeof storeClient>;

  beforeAll(async () => {
    await inbox.start();
    server = await startTestServer({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
        PUBLIC_URL: `${PUBLIC_URL}/`,
        MAIL_FROM,
        // Two attempts, so a message refused every time is FAILED within seconds (the first retry waits ~2.7 s).
        MAIL_MAX_ATTEMPTS: '2',
        // graphile-worker logs every refused attempt with its stack; here they are what the tests ask for.
        LOG_LEVEL: 'silent',
      },
    });
    admin = await server.createUser({ admin: true });
    store = storeClient(server, admin);
  });
  afterAll(async () => {
    await server.close();
    await inbox.close();
  });

  describe('the customer is told about their order', () => {
    let customer: TestUser;
    let orderId: string;

    beforeAll(async () => {
      customer = await server.createUser({ fullName: 'Ada Lovelace' });
      orderId = await store.placeOrder(customer);
    });

    it('after checkout: the exact amount and method, the address, the /verify link, from MAIL_FROM', async () => {
      const mail = await inbox.waitFor(customer.email, /received/);
      const shortId = orderId.slice(0, 8);
      expect(mail.subject).toBe(`Order ${shortId} received: send 1.08800001 BTC`);
      expect(toAddress(mail)).toBe(customer.email);
      expect(mail.from?.value[0]).toEqual({ name: STORE_NAME, address: 'orders@shop.example' });
      const verifyLink = `${PUBLIC_URL}/verify?order=${orderId}`;
      for (const body of [mail.text!, mail.html as string]) {
        expect(body).toContain('1.08800001 BTC');
        expect(body).toContain('Bitcoin (BTC)');
        expect(body).toContain(TEST_ADDRESSES.BTC);
        expect(body).toContain('$54,400.00');
        expect(body).toContain('shop.example.com');
        expect(body).toContain(verifyLink);
        expect(body).toContain('Hello Ada Lovelace,');
        // The quote lock: the rate the amount was priced at (the default fixed provider's) and until when it holds.
        expect(body).toContain('1 BTC = 50,000.00 USD · source fixed');
      }
      expect(mail.text).toMatch(/Price locked until: [A-Z][a-z]{2} \d{2}, \d{4}, \d{2}:\d{2} [AP]M UTC\n/);
      expect(mail.html).toContain(`href="${verifyLink}"`);
    });

    it('an admin sets SUCCESS: "payment confirmed"; then COMPLETED: "complete"', async () => {
      await inbox.waitFor(customer.email, /received/);
      await store.setStatus(orderId, 'SUCCESS');
      const confirmed = await inbox.waitFor(customer.email, /Payment confirmed/);
      expect(confirmed.subject).toBe(`Payment confirmed for order ${orderId.slice(0, 8)}`);
      expect(confirmed.text).toContain('We have confirmed your payment of 1.08800001 BTC');

      await store.setStatus(orderId, 'COMPLETED');
      const delivered = await inbox.waitFor(customer.email, /is complete/);
      expect(delivered.text).toContain(`${PUBLIC_URL}/dashboard`);
    });

    it('the outbox shows each message as sent, newest first, with what was sent', async () => {
      await inbox.waitFor(customer.email, /is complete/);
      const rows = await eventually(async () => {
        const found = await store.rowsOf(orderId);
        return found.length === 3 && found.every((row) => row.status === 'SENT') ? found : undefined;
      });
      expect(rows.map((row) => row.kind)).toEqual(['ORDER_DELIVERED', 'PAYMENT_CONFIRMED', 'ORDER_RECEIVED']);
      for (const row of rows) {
        expect(row).toMatchObject({ to: customer.email, attempts: 1, lastError: null, orderId });
        expect(Date.parse(row.sentAt!)).toBeGreaterThanOrEqual(Date.parse(row.createdAt));
      }
      const received = inbox.to(customer.email).find((r) => /received/.test(r.mail.subject!))!.mail;
      expect(rows[2].subject).toBe(received.subject);
      expect(rows[2].text).toContain('1.08800001 BTC');
      expect(rows[2].html).toContain(TEST_ADDRESSES.BTC);
    });

    it('resending a sent message sends it once more', async () => {
      const row = await store.rowOf(orderId, 'ORDER_RECEIVED', (r) => r.status === 'SENT');
      const before = inbox.to(customer.email).filter((r) => /received/.test(r.mail.subject!)).length;
      const res = await store.resend(row.id);
      expect(res.errors).toBeUndefined();
      expect(res.data!.resendNotification).toMatchObject({ id: row.id, status: 'QUEUED' });
      await eventually(() => inbox.to(customer.email).filter((r) => /received/.test(r.mail.subject!)).length > before);
      const resent = await store.rowOf(orderId, 'ORDER_RECEIVED', (r) => r.status === 'SENT' && r.attempts === 2);
      expect(resent.lastError).toBeNull();
    });
  });

  it('an order set to NOT_RECEIVED mails what to do now', async () => {
    const customer = await server.createUser();
    const orderId = await store.placeOrder(customer, 'USDT_TRC20');
    await store.setStatus(orderId, 'NOT_RECEIVED');
    const mail = await inbox.waitFor(customer.email, /not received/);
    expect(mail.subject).toBe(`Payment not received for order ${orderId.slice(0, 8)}`);
    expect(mail.text).toContain('We have not received the payment of 54400.000001 USDT');
    expect(mail.text).toContain(`${PUBLIC_URL}/support`);
    expect(mail.text).toContain(`${PUBLIC_URL}/products`);
  });

  it("mails the account's own address, never a contact e-mail typed at checkout (anyone's address)", async () => {
    const customer = await server.createUser({ fullName: 'Spammer McSpam' });
    const victim = `victim-${customer.id.slice(0, 8)}@elsewhere.example`;
    const orderId = await store.placeOrder(customer, 'BTC', victim);
    const mail = await inbox.waitFor(customer.email, /received/);
    expect(toAddress(mail)).toBe(customer.email);
    await store.setStatus(orderId, 'NOT_RECEIVED');
    await inbox.waitFor(customer.email, /not received/);
    expect(inbox.to(victim)).toEqual([]);
    expect((await store.rowsOf(orderId)).map((row) => row.to)).toEqual([customer.email, customer.email]);
    // The contact e-mail stays on the order for the staff.
    const [{ contact_email }] = await server.sql(`SELECT contact_email FROM orders WHERE id = $1`, [orderId]);
    expect(contact_email).toBe(victim);
  });

  it('a consumer job or a send job that runs again writes and sends nothing twice', async () => {
    const customer = await server.createUser();
    const orderId = await store.placeOrder(customer);
    await inbox.waitFor(customer.email, /received/);
    const [{ id: eventId }] = await server.sql(
      `SELECT id FROM domain_events WHERE type = 'order.created' AND payload->>'orderId' = $1`,
      [orderId],
    );
    // The event dispatched again, twice (as by per-event jobs after a batch that failed late).
    const dispatcher = server.app.container.get(DomainEventDispatcher);
    await dispatcher.dispatchOne(eventId);
    await dispatcher.dispatchOne(eventId);
    const notifications = server.app.container.get(NotificationService);
    const sent = await store.rowOf(orderId, 'ORDER_RECEIVED', (r) => r.status === 'SENT');
    // A stale send job (say, a retry that outlived a resend) finds the message sent and leaves it.
    await notifications.send(sent.id, { attempt: 1, maxAttempts: 2 });
    await sleep(1500);
    expect(await store.rowsOf(orderId)).toEqual([sent]);
    expect(inbox.to(customer.email)).toHaveLength(1);
  });

  it('an SMTP server that refuses, then recovers: the message is retried and arrives once', async () => {
    const customer = await server.createUser();
    inbox.refusals.set(customer.email, 1);
    const orderId = await store.placeOrder(customer);

    const refused = await store.rowOf(orderId, 'ORDER_RECEIVED', (r) => r.attempts === 1);
    expect(refused.status).toBe('QUEUED');
    expect(refused.lastError).toMatch(/451.*Mailbox busy/);
    expect(inbox.to(customer.email)).toHaveLength(0);

    await eventually(async () => {
      await retryNow(server, orderId);
      return inbox.to(customer.email).length > 0;
    });
    await inbox.waitFor(customer.email, /received/);
    const sent = await store.rowOf(orderId, 'ORDER_RECEIVED', (r) => r.status === 'SENT');
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
    await sleep(1500);
    expect(inbox.to(customer.email)).toHaveLength(1);
  });

  it('a message refused on every attempt ends FAILED with the reason; resending it delivers it', async () => {
    const customer = await server.createUser();
    inbox.refusals.set(customer.email, Infinity);
    const orderId = await store.placeOrder(customer);

    const failed = await eventually(async () => {
      await retryNow(server, orderId);
      return (await store.rowsOf(orderId)).find((row) => row.kind === 'ORDER_RECEIVED' && row.status === 'FAILED');
    });
    expect(failed.attempts).toBe(2);
    expect(failed.lastError).toMatch(/451.*Mailbox busy/);
    expect(failed.sentAt).toBeNull();

    inbox.refusals.delete(customer.email);
    const res = await store.resend(failed.id);
    expect(res.data!.resendNotification).toMatchObject({ id: failed.id, status: 'QUEUED', attempts: 2 });
    await inbox.waitFor(customer.email, /received/);
    expect(await store.rowOf(orderId, 'ORDER_RECEIVED', (r) => r.status === 'SENT')).toMatchObject({ attempts: 3 });
  });

  it('pages the outbox newest first with cursors', async () => {
    const all = await store.outbox({ first: 100 });
    expect(all.totalCount).toBe(Number((await server.sql(`SELECT count(*) FROM notifications`))[0].count));
    const times = all.edges.map((e) => Date.parse(e.node.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const first = await store.outbox({ first: 2 });
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await store.outbox({ first: 2, after: first.pageInfo.endCursor! });
    expect([...first.edges, ...second.edges].map((e) => e.node.id)).toEqual(
      all.edges.slice(0, 4).map((e) => e.node.id),
    );
  });

  it('answers bad input and unknown ids clearly', async () => {
    const unknown = await store.resend('00000000-0000-4000-8000-000000000000');
    expect(unknown.errors?.[0]).toMatchObject({ message: 'Notification not found', extensions: { code: 'NOT_FOUND' } });
    const malformed = await store.resend('nope');
    expect(malformed.errors?.[0].extensions?.code).toBe('NOT_FOUND');

    const tooMany = await server.gql(OUTBOX, { first: 0 }, { token: admin.token });
    expect(tooMany.errors?.[0]).toMatchObject({
      message: 'first must be between 1 and 100',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const badCursor = await server.gql(OUTBOX, { after: 'bogus' }, { token: admin.token });
    expect(badCursor.errors?.[0]).toMatchObject({ message: 'Invalid cursor', extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe('without SMTP_URL (the embedded demo)', () => {
  let server: TestServer;
  let store: ReturnType<typeof storeClient>;

  beforeAll(async () => {
    server = await startTestServer();
    store = storeClient(server, await server.createUser({ admin: true }));
  });
  afterAll(() => server.close());

  it('keeps each message in the outbox as not sent, with the reason and what would have gone out', async () => {
    const customer = await server.createUser();
    const orderId = await store.placeOrder(customer);
    const row = await store.rowOf(orderId, 'ORDER_RECEIVED', (r) => r.status === 'NOT_SENT');
    // No SMTP server was ever tried: no attempts.
    expect(row).toMatchObject({
      to: customer.email,
      attempts: 0,
      lastError: 'not sent: no SMTP server configured',
      sentAt: null,
    });
    expect(row.text).toContain('1.08800001 BTC');
    expect(row.html).toContain(`/verify?order=${orderId}`);

    // A resend, without an SMTP server, ends the same way at once.
    const res = await store.resend(row.id);
    expect(res.data!.resendNotification).toMatchObject({ status: 'NOT_SENT', attempts: 0 });
    const again = await store.rowOf(orderId, 'ORDER_RECEIVED', (r) => r.status === 'NOT_SENT');
    expect(again.lastError).toBe('not sent: no SMTP server configured');
  });
});
