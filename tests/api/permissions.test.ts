/**
 * Who may call what. Part 1 walks the schema: every Query, Mutation and Subscription field must
 * declare a rule (@Public, @SignedIn, @Requires(permission)), and each case below names the same permission. Part 2
 * runs every operation against a real server as {signed out, customer (owner), other customer, and each staff role:
 * OWNER, MANAGER, SUPPORT, FULFILMENT, and an OWNER's API key with some permissions} and checks what each one gets (a
 * role without the permission: FORBIDDEN naming it); it fails when the schema gains an operation that the matrix does
 * not cover.
 */
import { API_KEY_MESSAGES } from '../../common/api-keys';
import { DEFAULT_STORE_SETTINGS } from '../../common/store-settings';
import { ROLE_PERMISSIONS, STAFF_ROLES, type PermissionName, type StaffRoleName } from '../../common/staff';
import { InventoryService } from '../../server/src/inventory/inventory.service';
import { ApiKeyService } from '../../server/src/staff/api-keys.service';
import { GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { Container } from '../../server/src/container';
import { needsStepUp, STEP_UP_OPERATIONS, STEP_UP_WHEN } from '../../server/src/graphql/step-up';
import { buildAppSchema } from '../../server/src/graphql/schema';
import { eventually } from '../support/eventually';
import { startTestServer, subscribeOnce, type TestServer, type TestUser } from '../support/test-server';

type Role = 'signedOut' | 'customer' | 'otherCustomer' | StaffRoleName;
type Outcome = 'ok' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_USER_INPUT';
const ROLES: Role[] = ['signedOut', 'customer', 'otherCustomer', ...STAFF_ROLES];
/**
 * An API key (docs/staff-and-permissions.md "API keys") calls every operation too: an OWNER's key with these
 * permissions. What it gets follows from each operation's rule (`apiKeyOutcome`): a staff operation as its creator
 * would, when the key has the permission; FORBIDDEN for an account's own (signed-in) operations; public ones as its
 * creator; subscriptions as signed out (keys work over HTTP only).
 */
type Caller = Role | 'apiKey';
const CALLERS: Caller[] = [...ROLES, 'apiKey'];
const API_KEY_PERMISSIONS: PermissionName[] = ['ORDERS_READ', 'KEYS', 'TICKETS', 'REFUNDS'];
let apiKeySecret: string;
/** A key of its own for revokeApiKey (revoking again changes nothing). */
let revocableKeyId: string;

let schema: GraphQLSchema;
let server: TestServer;
let users: Record<Exclude<Role, 'signedOut'>, TestUser>;
let orderId: string;
/** Orders of their own for the owner's mutations, which need a PENDING order and may end it. */
let cancelOrderId: string;
let txOrderId: string;
let productId: string;
/** An outbox message for resendNotification. */
let notificationId: string;
/** A webhook endpoint for deleteWebhookEndpoint and a delivery for redeliverWebhook (an inactive endpoint's, never sent). */
let webhookEndpointId: string;
let webhookDeliveryId: string;
/** The owner's support ticket for the support desk's operations. */
let ticketId: string;
/** A product of its own for updateProduct, which replaces every field. */
let editableProductId: string;
/**
 * Block rules for removeBlockRule, one per caller (each allowed one removes its own); addBlockRule adds addresses of
 * 203.0.113.0/24 (TEST-NET-3), which no test uses.
 */
const blockRuleIds: string[] = [];
let blockRuleRemovals = 0;
/** A customer of its own for resetSecondFactors, which ends the account's sessions (the matrix's tokens would go). */
let factorResetTargetId: string;
/** Keys revokeProductKey takes, one per caller. */
let keyRevocations = 0;
/** A staff member whose role setStaffRole changes (between MANAGER and SUPPORT: nobody's permissions in the matrix). */
let staffTargetId: string;
let staffRoleFlip = false;
const nextStaffRole = () => {
  staffRoleFlip = !staffRoleFlip;
  return staffRoleFlip ? 'SUPPORT' : 'MANAGER';
};
/**
 * Refunds (tests/api/refunds.test.ts) of an order that received 100 USDT on chain, one per caller of each mutation:
 * OFFERED ones to claim and to cancel, CLAIMED ones to record a payment for (no TRON API here: recorded as SENT).
 */
/** A TRON address that is not the store's (a claim to the store's own receiving address is refused). */
const CUSTOMER_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
let refundOrderId: string;
const refundIds: Record<'claim' | 'record' | 'cancel', string[]> = { claim: [], record: [], cancel: [] };
const refundCalls = { claim: 0, record: 0, cancel: 0 };
let invitationCounter = 0;
let challengeCounter = 100;
let blockRuleCounter = 0;
let productInputCounter = 0;
/** A paid order whose licence key is delivered (admin-only fields). */
let goodsOrderId: string;
/** A valid ProductInput with a slug no call has used. */
const productInput = () => ({
  name: 'Permissions Product',
  slug: `permissions-product-${++productInputCounter}`,
  category: 'scripts',
  description: 'For the permission matrix',
  price: 9.99,
  fulfilment: 'MANUAL',
});

function operations(
  kind: 'Query' | 'Mutation' | 'Subscription',
): GraphQLObjectType['getFields'] extends () => infer F ? F : never {
  const type = schema.getType(kind) as GraphQLObjectType;
  return type.getFields();
}

function allOperationNames(): string[] {
  return (['Query', 'Mutation', 'Subscription'] as const).flatMap((kind) =>
    Object.keys(operations(kind)).map((name) => `${kind}.${name}`),
  );
}

beforeAll(async () => {
  schema = await buildAppSchema(new Container());
  // Its webhook endpoints point at the discard port on purpose: their failed deliveries are expected, not news.
  server = await startTestServer({ env: { LOG_LEVEL: 'silent' } });
  users = {
    customer: await server.createUser({ fullName: 'Owner' }),
    otherCustomer: await server.createUser({ fullName: 'Stranger' }),
    OWNER: await server.createUser({ staffRole: 'OWNER', fullName: 'Staff Owner' }),
    MANAGER: await server.createUser({ staffRole: 'MANAGER', fullName: 'Staff Manager' }),
    SUPPORT: await server.createUser({ staffRole: 'SUPPORT', fullName: 'Staff Support' }),
    FULFILMENT: await server.createUser({ staffRole: 'FULFILMENT', fullName: 'Staff Fulfilment' }),
  };
  staffTargetId = (await server.createUser({ staffRole: 'MANAGER', fullName: 'Staff Target' })).id;
  factorResetTargetId = (await server.createUser({ fullName: 'Locked Out' })).id;
  const apiKeys = server.app.container.get(ApiKeyService);
  const keyOwner = { id: users.OWNER.id, roles: ['OWNER'] };
  apiKeySecret = (await apiKeys.create(keyOwner, 'Matrix', API_KEY_PERMISSIONS)).secret;
  revocableKeyId = (await apiKeys.create(keyOwner, 'Matrix revocable', ['ORDERS_READ'])).apiKey.id;
  const [product] = await server.sql(`SELECT id FROM products WHERE slug = 'ethereum-classic-key'`);
  productId = product.id;
  await server.app.container
    .get(InventoryService)
    .importKeys(productId, CALLERS.map((_, i) => `PERMISSIONS-REVOKE-ME-${i}`).join('\n'));
  orderId = await placeOrderAs(users.customer, 'matrix-seed-order');
  cancelOrderId = await placeOrderAs(users.customer, 'matrix-cancel-order');
  txOrderId = await placeOrderAs(users.customer, 'matrix-tx-order');
  const ticket = await server.gql(
    `mutation { createTicket(input: { title: "Matrix", description: "Matrix ticket", category: OTHER }) { id } }`,
    {},
    { token: users.customer.token },
  );
  ticketId = ticket.data!.createTicket.id;
  // A paid order of a KEYS product, for the goods' visibility (placed now: the matrix ends every session at its end).
  const [goodsProduct] = await server.sql(
    `INSERT INTO products (slug, name, category, description, price, fulfilment, min_quantity)
       VALUES ('permissions-goods', 'Goods', 'crypto_keys', 'Keys', 10, 'KEYS', 1) RETURNING id`,
  );
  await server.app.container.get(InventoryService).importKeys(goodsProduct.id, 'PERMISSIONS-GOODS-KEY');
  const placed = await server.gql(
    `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`,
    { input: { productId: goodsProduct.id, quantity: 1, email: users.customer.email, paymentMethod: 'ETH' } },
    { token: users.customer.token },
  );
  expect(placed.errors).toBeUndefined();
  goodsOrderId = placed.data!.placeOrder.id;
  const paid = await server.gql(
    `mutation ($id: ID!) { setOrderStatus(orderId: $id, status: SUCCESS) { id status } }`,
    { id: goodsOrderId },
    { token: users.OWNER.token },
  );
  expect(paid.errors).toBeUndefined();
  [{ id: notificationId }] = await server.sql(
    `INSERT INTO notifications (kind, to_address, subject, text_body, html_body)
     VALUES ('ORDER_RECEIVED', 'owner@example.com', 'Order received', 'Text', '<p>Html</p>') RETURNING id`,
  );
  [{ id: webhookEndpointId }] = await server.sql(
    `INSERT INTO webhook_endpoints (url, events, secret) VALUES ('http://127.0.0.1:9/a', '{order.paid}', 's') RETURNING id`,
  );
  const [inactive] = await server.sql(
    `INSERT INTO webhook_endpoints (url, events, secret, active) VALUES ('http://127.0.0.1:9/b', '{order.paid}', 's', false)
     RETURNING id`,
  );
  [{ id: webhookDeliveryId }] = await server.sql(
    `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, payload, status)
     VALUES ($1, gen_random_uuid(), 'order.paid', '{}', 'SUCCEEDED') RETURNING id`,
    [inactive.id],
  );
  [{ id: editableProductId }] = await server.sql(
    `INSERT INTO products (slug, name, category, description, price) VALUES ('permissions-edit', 'Edit me', 'scripts', 'x', 1)
     RETURNING id`,
  );
  refundOrderId = await placeOrderAs(users.customer, 'matrix-refund-order');
  await server.sql(
    `INSERT INTO chain_payments (method, tx_id, output_index, to_address, amount, order_id, status, confirmations,
                                 required_confirmations, confirmed_at, matched_by)
     VALUES ('USDT_TRC20', $2, 0, 'T-matrix', 100, $1, 'CONFIRMED', 19, 19, now(), 'AMOUNT')`,
    [refundOrderId, 'f0'.repeat(32)],
  );
  for (const kind of ['claim', 'record', 'cancel'] as const) {
    for (let i = 0; i < CALLERS.length; i++) {
      const [{ id }] = await server.sql(
        `INSERT INTO refunds (order_id, method, status, amount, reason, address, claimed_at)
         VALUES ($1, 'USDT_TRC20', $2, 0.01, 'Matrix', $3, $4) RETURNING id`,
        kind === 'record'
          ? [refundOrderId, 'CLAIMED', CUSTOMER_TRON, new Date()]
          : [refundOrderId, 'OFFERED', null, null],
      );
      refundIds[kind].push(id);
    }
  }
  for (let i = 0; i < CALLERS.length; i++) {
    const [{ id }] = await server.sql(`INSERT INTO block_rules (kind, value) VALUES ('IP', $1) RETURNING id`, [
      `203.0.113.${240 + i}`,
    ]);
    blockRuleIds.push(id);
  }
});
afterAll(() => server.close());

let keyCounter = 0;
async function placeOrderAs(user: TestUser, key = `matrix-${++keyCounter}-${user.id.slice(0, 8)}`): Promise<string> {
  const res = await server.gql(
    `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`,
    {
      input: {
        productId,
        quantity: 1,
        email: user.email,
        domainName: '',
        paymentMethod: 'USDT_TRC20',
        transactionId: '',
        idempotencyKey: key,
      },
    },
    { token: user.token },
  );
  if (!res.data?.placeOrder) throw new Error(`placeOrder failed: ${JSON.stringify(res.errors)}`);
  return res.data.placeOrder.id;
}

interface Case {
  /** The operation as `Kind.field`. */
  op: string;
  /** What its @Requires names (checked against the schema), for operations of staff. */
  permissions?: PermissionName[];
  document: () => string;
  variables?: () => Record<string, unknown>;
  expected: Record<Role, Outcome>;
  /** Subscriptions: what makes an event arrive once subscribed. */
  trigger?: () => Promise<void>;
}

const staffAll = (outcome: (role: StaffRoleName) => Outcome) =>
  Object.fromEntries(STAFF_ROLES.map((role) => [role, outcome(role)])) as Record<StaffRoleName, Outcome>;
const grants = (role: StaffRoleName, permissions: readonly PermissionName[]) =>
  permissions.some((permission) => ROLE_PERMISSIONS[role].includes(permission));

const everyone = (outcome: Outcome): Record<Role, Outcome> => ({
  signedOut: outcome,
  customer: outcome,
  otherCustomer: outcome,
  ...staffAll(() => outcome),
});
const signedIn: Record<Role, Outcome> = { ...everyone('ok'), signedOut: 'UNAUTHENTICATED' };
/** An operation of staff: the roles whose grants include one of `permissions` (common/staff.ts), nobody else. */
const needs = (...permissions: PermissionName[]): Pick<Case, 'permissions' | 'expected'> => ({
  permissions,
  expected: {
    signedOut: 'UNAUTHENTICATED',
    customer: 'FORBIDDEN',
    otherCustomer: 'FORBIDDEN',
    ...staffAll((role) => (grants(role, permissions) ? 'ok' : 'FORBIDDEN')),
  },
});
/** The order's customer only: to anyone else, staff included, the order is not theirs to act on. */
const ownerOnly: Record<Role, Outcome> = {
  ...everyone('NOT_FOUND'),
  signedOut: 'UNAUTHENTICATED',
  customer: 'ok',
};
/** The owner, and staff whose role has `permission`; to anyone else the row does not exist. */
const ownerOr = (permission: PermissionName): Record<Role, Outcome> => ({
  signedOut: 'UNAUTHENTICATED',
  customer: 'ok',
  otherCustomer: 'NOT_FOUND',
  ...staffAll((role) => (grants(role, [permission]) ? 'ok' : 'NOT_FOUND')),
});

let statusFlip = false;
const nextStatus = () => {
  statusFlip = !statusFlip;
  return statusFlip ? 'PROCESSING' : 'SUCCESS';
};

const CASES: Case[] = [
  { op: 'Query.products', document: () => `{ products { id } }`, expected: everyone('ok') },
  { op: 'Query.product', document: () => `{ product(slug: "dv") { id } }`, expected: everyone('ok') },
  { op: 'Query.paymentMethods', document: () => `{ paymentMethods { method available } }`, expected: everyone('ok') },
  { op: 'Query.captchaChallenge', document: () => `{ captchaChallenge }`, expected: everyone('ok') },
  {
    op: 'Query.quote',
    document: () => `query ($id: ID!) { quote(productId: $id, quantity: 2, paymentMethod: BTC) { totalPrice } }`,
    variables: () => ({ id: productId }),
    expected: everyone('ok'),
  },
  { op: 'Query.guides', document: () => `{ guides { id } }`, expected: everyone('ok') },
  { op: 'Query.me', document: () => `{ me { id } }`, expected: everyone('ok') },
  {
    op: 'Query.order',
    document: () => `query ($id: ID!) { order(id: $id) { id status } }`,
    variables: () => ({ id: orderId }),
    expected: ownerOr('ORDERS_READ'),
  },
  { op: 'Query.adminOrders', document: () => `{ adminOrders(first: 5) { totalCount } }`, ...needs('ORDERS_READ') },
  { op: 'Query.adminProducts', document: () => `{ adminProducts { id } }`, ...needs('CATALOGUE', 'KEYS') },
  {
    op: 'Query.adminNotifications',
    document: () => `{ adminNotifications(first: 5) { totalCount edges { node { id html } } } }`,
    ...needs('CUSTOMERS'),
  },
  {
    op: 'Mutation.resetSecondFactors',
    document: () => `mutation ($id: ID!) { resetSecondFactors(userId: $id) }`,
    variables: () => ({ id: factorResetTargetId }),
    ...needs('CUSTOMERS'),
  },
  {
    op: 'Mutation.resendNotification',
    document: () => `mutation ($id: ID!) { resendNotification(id: $id) { id status } }`,
    variables: () => ({ id: notificationId }),
    ...needs('CUSTOMERS'),
  },
  {
    op: 'Query.webhookEndpoints',
    document: () => `{ webhookEndpoints { id url deliveries(first: 5) { id body } } }`,
    ...needs('WEBHOOKS'),
  },
  { op: 'Query.webhookEventTypes', document: () => `{ webhookEventTypes }`, ...needs('WEBHOOKS') },
  {
    op: 'Mutation.createWebhookEndpoint',
    // Subscribed to an event this file never causes, so nothing is sent to the unreachable URL.
    document: () =>
      `mutation { createWebhookEndpoint(input: { url: "http://127.0.0.1:9/hook", events: ["ticket.replied"] }) { secret } }`,
    ...needs('WEBHOOKS'),
  },
  {
    op: 'Mutation.deleteWebhookEndpoint',
    document: () => `mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) }`,
    variables: () => ({ id: webhookEndpointId }),
    ...needs('WEBHOOKS'),
  },
  {
    op: 'Mutation.redeliverWebhook',
    document: () => `mutation ($id: ID!) { redeliverWebhook(deliveryId: $id) { id status } }`,
    variables: () => ({ id: webhookDeliveryId }),
    ...needs('WEBHOOKS'),
  },
  {
    op: 'Mutation.signUp',
    document: () =>
      `mutation { signUp(input: { fullName: "New Person", email: "new-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com", password: "Passw0rdOK" }) { accessToken } }`,
    expected: everyone('ok'),
  },
  {
    op: 'Mutation.signIn',
    document: () =>
      `mutation ($email: String!) { signIn(input: { email: $email, password: "Passw0rdOK" }) { accessToken } }`,
    variables: () => ({ email: users.customer.email }),
    expected: everyone('ok'),
  },
  // Without a refresh cookie there is nothing to refresh, whoever holds an access token.
  {
    op: 'Mutation.refreshSession',
    document: () => `mutation { refreshSession { accessToken } }`,
    expected: everyone('UNAUTHENTICATED'),
  },
  { op: 'Mutation.signOut', document: () => `mutation { signOut }`, expected: everyone('ok') },
  {
    op: 'Mutation.updateProfile',
    document: () => `mutation { updateProfile(input: { fullName: "Renamed", companyName: "", phone: "" }) { id } }`,
    expected: signedIn,
  },
  {
    op: 'Mutation.placeOrder',
    document: () => `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`,
    variables: () => ({
      input: {
        productId,
        quantity: 1,
        email: 'buyer@example.com',
        paymentMethod: 'USDT_TRC20',
        idempotencyKey: `matrix-place-${++keyCounter}`,
      },
    }),
    expected: signedIn,
  },
  {
    op: 'Mutation.holdQuote',
    document: () =>
      `mutation ($id: ID!) { holdQuote(productId: $id, quantity: 1, paymentMethod: USDT_TRC20) { id paymentAmountCrypto } }`,
    variables: () => ({ id: productId }),
    expected: signedIn,
  },
  {
    op: 'Mutation.createTicket',
    document: () =>
      `mutation { createTicket(input: { title: "Help", description: "Please help", category: ORDER }) { id } }`,
    expected: signedIn,
  },
  {
    op: 'Mutation.cancelOrder',
    document: () => `mutation ($id: ID!) { cancelOrder(orderId: $id) { id status } }`,
    variables: () => ({ id: cancelOrderId }),
    expected: ownerOnly,
  },
  {
    op: 'Mutation.submitTransactionId',
    document: () => `mutation ($id: ID!) { submitTransactionId(orderId: $id, transactionId: "abc123") { id } }`,
    variables: () => ({ id: txOrderId }),
    expected: ownerOnly,
  },
  {
    op: 'Mutation.setOrderStatus',
    document: () =>
      `mutation ($id: ID!, $status: OrderStatus!) { setOrderStatus(orderId: $id, status: $status) { id } }`,
    variables: () => ({ id: orderId, status: nextStatus() }),
    ...needs('ORDERS_WRITE'),
  },
  {
    op: 'Mutation.setProductStock',
    document: () => `mutation ($id: ID!) { setProductStock(productId: $id, inStock: true) { id } }`,
    variables: () => ({ id: productId }),
    ...needs('KEYS'),
  },
  {
    op: 'Mutation.createProduct',
    document: () => `mutation ($input: ProductInput!) { createProduct(input: $input) { id } }`,
    variables: () => ({ input: productInput() }),
    ...needs('CATALOGUE'),
  },
  {
    op: 'Mutation.updateProduct',
    document: () => `mutation ($id: ID!, $input: ProductInput!) { updateProduct(id: $id, input: $input) { id } }`,
    variables: () => ({ id: editableProductId, input: productInput() }),
    ...needs('CATALOGUE'),
  },
  {
    op: 'Query.adminKeyStock',
    document: () => `query ($id: ID!) { adminKeyStock(productId: $id) { available } }`,
    variables: () => ({ id: productId }),
    ...needs('KEYS'),
  },
  {
    op: 'Mutation.importProductKeys',
    document: () => `mutation ($id: ID!, $k: [String!]) { importProductKeys(productId: $id, keys: $k) { added } }`,
    variables: () => ({ id: productId, k: [`PERMISSIONS-${Math.random()}`] }),
    ...needs('KEYS'),
  },
  {
    op: 'Mutation.previewProductKeys',
    document: () => `mutation ($id: ID!, $k: [String!]) { previewProductKeys(productId: $id, keys: $k) { toAdd } }`,
    variables: () => ({ id: productId, k: ['PERMISSIONS-PREVIEW'] }),
    ...needs('KEYS'),
  },
  { op: 'Query.storeSettings', document: () => `{ storeSettings { storeName } }`, expected: everyone('ok') },
  {
    op: 'Mutation.updateStoreSettings',
    document: () => `mutation ($input: StoreSettingsInput!) { updateStoreSettings(input: $input) { storeName } }`,
    variables: () => ({ input: DEFAULT_STORE_SETTINGS }),
    ...needs('CATALOGUE'),
  },
  {
    op: 'Mutation.revokeProductKey',
    document: () => `mutation ($id: ID!, $k: String!) { revokeProductKey(productId: $id, key: $k) { revoked } }`,
    // Imported in beforeAll, one per caller; only the allowed ones revoke theirs.
    variables: () => ({ id: productId, k: `PERMISSIONS-REVOKE-ME-${keyRevocations++}` }),
    ...needs('KEYS'),
  },
  {
    op: 'Mutation.issueCertificate',
    document: () => `mutation ($input: IssueCertificateInput!) { issueCertificate(input: $input) { id } }`,
    variables: () => ({ input: { orderId, domainName: 'example.com', expiresAt: '2027-11-21T00:00:00.000Z' } }),
    ...needs('ORDERS_WRITE'),
  },
  {
    op: 'Subscription.orderUpdated',
    document: () => `subscription ($id: ID!) { orderUpdated(orderId: $id) { id status } }`,
    variables: () => ({ id: orderId }),
    expected: ownerOr('ORDERS_READ'),
    // No trigger: the subscription first sends the order as it is now.
  },
  {
    op: 'Subscription.adminOrderChanged',
    document: () => `subscription { adminOrderChanged { id } }`,
    ...needs('ORDERS_READ'),
    trigger: async () => {
      await setStatusAsAdmin();
    },
  },
  {
    op: 'Subscription.adminOrderFeed',
    document: () => `subscription { adminOrderFeed { ready order { id } } }`,
    ...needs('ORDERS_READ'),
    // No trigger: the feed first sends its ready message.
  },
  {
    op: 'Subscription.productChanged',
    document: () => `subscription { productChanged { id inStock } }`,
    ...needs('CATALOGUE', 'KEYS'),
    trigger: async () => {
      for (const inStock of [false, true]) {
        await server.gql(
          `mutation ($id: ID!, $s: Boolean!) { setProductStock(productId: $id, inStock: $s) { id } }`,
          { id: productId, s: inStock },
          { token: users.OWNER.token },
        );
      }
    },
  },
  // Support desk (tests/api/ticket-desk.test.ts has the rules themselves).
  {
    op: 'Query.ticket',
    document: () => `query ($id: ID!) { ticket(id: $id) { id messages { body } } }`,
    variables: () => ({ id: ticketId }),
    expected: ownerOr('TICKETS'),
  },
  {
    op: 'Query.adminTickets',
    document: () => `{ adminTickets(first: 5) { totalCount overdueCount edges { node { id customer { email } } } } }`,
    ...needs('TICKETS'),
  },
  {
    op: 'Mutation.replyToTicket',
    document: () => `mutation ($id: ID!) { replyToTicket(ticketId: $id, body: "Matrix reply") { id } }`,
    variables: () => ({ id: ticketId }),
    expected: ownerOr('TICKETS'),
  },
  {
    op: 'Mutation.setTicketStatus',
    document: () => `mutation ($id: ID!, $s: TicketStatus!) { setTicketStatus(ticketId: $id, status: $s) { id } }`,
    variables: () => ({ id: ticketId, s: nextTicketStatus() }),
    ...needs('TICKETS'),
  },
  {
    op: 'Subscription.ticketUpdated',
    document: () => `subscription ($id: ID!) { ticketUpdated(ticketId: $id) { id status } }`,
    variables: () => ({ id: ticketId }),
    expected: ownerOr('TICKETS'),
    // No trigger: the subscription first sends the ticket as it is now.
  },
  {
    op: 'Subscription.adminTicketChanged',
    document: () => `subscription { adminTicketChanged { id } }`,
    ...needs('TICKETS'),
    trigger: async () => {
      // The other open status than the ticket's now (the flip above also turns for the callers it refuses).
      const [{ status }] = await server.sql(`SELECT status FROM support_tickets WHERE id = $1`, [ticketId]);
      const res = await server.gql(
        `mutation ($id: ID!, $s: TicketStatus!) { setTicketStatus(ticketId: $id, status: $s) { id } }`,
        { id: ticketId, s: status === 'OPEN' ? 'IN_PROGRESS' : 'OPEN' },
        { token: users.OWNER.token },
      );
      if (res.errors) throw new Error(JSON.stringify(res.errors));
    },
  },
  // Customers and the sales overview (unblocking an unblocked customer changes nothing, so the matrix has no effect).
  {
    op: 'Query.adminCustomers',
    document: () => `{ adminCustomers(search: "owner", first: 5) { totalCount edges { node { id totalPaid } } } }`,
    ...needs('CUSTOMERS'),
  },
  {
    op: 'Query.adminCustomer',
    document: () => `query ($id: ID!) { adminCustomer(userId: $id) { customer { id } orders { id } tickets { id } } }`,
    variables: () => ({ id: users.customer.id }),
    ...needs('CUSTOMERS'),
  },
  {
    op: 'Mutation.setCustomerBlocked',
    document: () => `mutation ($id: ID!) { setCustomerBlocked(userId: $id, blocked: false) { id blocked } }`,
    variables: () => ({ id: users.customer.id }),
    ...needs('CUSTOMERS'),
  },
  {
    op: 'Query.adminSalesReport',
    document: () =>
      `{ adminSalesReport(from: "2026-01-01T00:00:00Z", to: "2026-02-01T00:00:00Z") { totalRevenue byDay { day } counters { ordersAwaitingReview } } }`,
    ...needs('REPORTS'),
  },
  // Exchange rates (tests/api/exchange-rates.test.ts).
  { op: 'Query.exchangeRates', document: () => `{ exchangeRates { currency usd source } }`, expected: everyone('ok') },
  {
    op: 'Query.adminRates',
    document: () => `{ adminRates { currencies { currency unavailableReason } } }`,
    ...needs('ORDERS_READ'),
  },
  // The gap-limit warning of orders' own addresses (tests/api/btc-order-addresses.test.ts).
  { op: 'Query.addressGaps', document: () => `{ addressGaps { method overLimit } }`, ...needs('ORDERS_READ') },
  // Block rules (tests/api/block-rules.test.ts).
  { op: 'Query.blockRules', document: () => `{ blockRules { id kind value } }`, ...needs('CUSTOMERS') },
  {
    op: 'Mutation.addBlockRule',
    document: () => `mutation ($value: String!) { addBlockRule(kind: IP, value: $value) { id } }`,
    variables: () => ({ value: `203.0.113.${++blockRuleCounter}` }),
    ...needs('CUSTOMERS'),
  },
  {
    op: 'Mutation.removeBlockRule',
    document: () => `mutation ($id: ID!) { removeBlockRule(id: $id) }`,
    variables: () => ({ id: blockRuleIds[blockRuleRemovals++] }),
    ...needs('CUSTOMERS'),
  },
  // Refunds (tests/api/refunds.test.ts): staff with REFUNDS offer, record and cancel; the order's customer claims.
  {
    op: 'Mutation.offerRefund',
    document: () => `mutation ($id: ID!) { offerRefund(orderId: $id, amount: "0.01", reason: "Matrix") { id status } }`,
    variables: () => ({ id: refundOrderId }),
    ...needs('REFUNDS'),
  },
  {
    op: 'Mutation.claimRefund',
    document: () => `mutation ($id: ID!) { claimRefund(refundId: $id, address: "${CUSTOMER_TRON}") { id status } }`,
    variables: () => ({ id: refundIds.claim[refundCalls.claim++] }),
    expected: ownerOnly,
  },
  {
    op: 'Mutation.recordRefundPayment',
    document: () => `mutation ($id: ID!, $tx: String!) { recordRefundPayment(refundId: $id, txId: $tx) { id status } }`,
    variables: () => {
      const call = refundCalls.record++;
      return { id: refundIds.record[call], tx: call.toString(16).padStart(2, '0').repeat(32) };
    },
    ...needs('REFUNDS'),
  },
  {
    op: 'Mutation.cancelRefund',
    document: () => `mutation ($id: ID!) { cancelRefund(refundId: $id) { id status } }`,
    variables: () => ({ id: refundIds.cancel[refundCalls.cancel++] }),
    ...needs('REFUNDS'),
  },
  {
    op: 'Query.refundsToPay',
    document: () => `{ refundsToPay { id status amount address customerEmail } }`,
    ...needs('REFUNDS'),
  },
  // Account recovery (tests/api/account-recovery.test.ts): the public ones answer anyone; a token that is not one is
  // refused as input, whoever sends it. The signed-in ones are called with a wrong password, so nothing changes.
  {
    op: 'Mutation.requestPasswordReset',
    document: () => `mutation { requestPasswordReset(email: "nobody-matrix@example.com") }`,
    expected: everyone('ok'),
  },
  {
    op: 'Mutation.resetPassword',
    document: () => `mutation { resetPassword(token: "${'x'.repeat(43)}", password: "Passw0rdOK") }`,
    expected: everyone('BAD_USER_INPUT'),
  },
  {
    op: 'Mutation.verifyEmail',
    document: () => `mutation { verifyEmail(token: "${'x'.repeat(43)}") }`,
    expected: everyone('BAD_USER_INPUT'),
  },
  {
    op: 'Mutation.confirmEmailChange',
    document: () => `mutation { confirmEmailChange(token: "${'x'.repeat(43)}") }`,
    expected: everyone('BAD_USER_INPUT'),
  },
  {
    op: 'Mutation.resendVerificationEmail',
    document: () => `mutation { resendVerificationEmail }`,
    expected: signedIn,
  },
  {
    op: 'Mutation.changePassword',
    document: () => `mutation { changePassword(currentPassword: "Wr0ngPassword", newPassword: "N3wPassword") }`,
    expected: { ...everyone('BAD_USER_INPUT'), signedOut: 'UNAUTHENTICATED' },
  },
  {
    op: 'Mutation.requestEmailChange',
    document: () => `mutation { requestEmailChange(newEmail: "moved@example.com", password: "Wr0ngPassword") }`,
    expected: { ...everyone('BAD_USER_INPUT'), signedOut: 'UNAUTHENTICATED' },
  },
  { op: 'Query.mySessions', document: () => `{ mySessions { id current } }`, expected: signedIn },
  {
    op: 'Mutation.revokeSession',
    document: () => `mutation { revokeSession(id: "00000000-0000-4000-8000-000000000000") }`,
    expected: { ...everyone('NOT_FOUND'), signedOut: 'UNAUTHENTICATED' },
  },
  // Staff (tests/api/staff.test.ts has the rules themselves).
  { op: 'Query.staff', document: () => `{ staff { id email role status permissions } }`, ...needs('STAFF') },
  {
    op: 'Mutation.inviteStaff',
    document: () => `mutation ($email: String!) { inviteStaff(email: $email, role: SUPPORT) { id status } }`,
    variables: () => ({ email: `invited-${++invitationCounter}@example.com` }),
    ...needs('STAFF'),
  },
  {
    op: 'Mutation.setStaffRole',
    document: () => `mutation ($id: ID!, $role: StaffRole) { setStaffRole(userId: $id, role: $role) { id role } }`,
    variables: () => ({ id: staffTargetId, role: nextStaffRole() }),
    ...needs('STAFF'),
  },
  // A token that is not one is refused as input, whoever sends it signed in.
  {
    op: 'Mutation.acceptStaffInvitation',
    document: () => `mutation { acceptStaffInvitation(token: "${'x'.repeat(43)}") { id } }`,
    expected: { ...everyone('BAD_USER_INPUT'), signedOut: 'UNAUTHENTICATED' },
  },
  // Two-factor sign-in (tests/api/two-factor.test.ts has the rules). A made-up challenge is refused whoever sends it;
  // the signed-in ones are called with a wrong code or password (the matrix's tokens have no session to step up), and
  // adding a factor asks for a recent check even of an account without one (tests/api/second-factor-review.test.ts).
  {
    op: 'Mutation.completeSignIn',
    // One made-up challenge per caller: each challenge takes five attempts.
    document: () =>
      `mutation { completeSignIn(challenge: "${'x'.repeat(40)}${++challengeCounter}", code: "123456") { accessToken } }`,
    expected: everyone('UNAUTHENTICATED'),
  },
  {
    op: 'Mutation.beginTotpEnrolment',
    document: () => `mutation { beginTotpEnrolment { secret } }`,
    expected: { ...everyone('FORBIDDEN'), signedOut: 'UNAUTHENTICATED' },
  },
  {
    op: 'Mutation.confirmTotpEnrolment',
    document: () => `mutation { confirmTotpEnrolment(code: "not-a-code") }`,
    expected: { ...everyone('FORBIDDEN'), signedOut: 'UNAUTHENTICATED' },
  },
  {
    op: 'Mutation.confirmPassword',
    document: () => `mutation { confirmPassword(password: "Wr0ngPassword") }`,
    expected: { ...everyone('BAD_USER_INPUT'), signedOut: 'UNAUTHENTICATED' },
  },
  {
    op: 'Mutation.disableTotp',
    document: () => `mutation { disableTotp(password: "Wr0ngPassword", code: "123456") }`,
    expected: { ...everyone('BAD_USER_INPUT'), signedOut: 'UNAUTHENTICATED' },
  },
  {
    op: 'Mutation.confirmSecondFactor',
    document: () => `mutation { confirmSecondFactor(code: "123456") }`,
    expected: { ...everyone('BAD_USER_INPUT'), signedOut: 'UNAUTHENTICATED' },
  },
  // Passkeys (tests/api/passkeys.test.ts has the rules). Made-up answers are refused whoever sends them; the step-up
  // by passkey needs a session, which the matrix's tokens do not have.
  {
    op: 'Mutation.completeSignInWithPasskey',
    document: () =>
      `mutation { completeSignInWithPasskey(challenge: "${'x'.repeat(40)}${++challengeCounter}", response: "{}") { accessToken } }`,
    expected: everyone('UNAUTHENTICATED'),
  },
  { op: 'Mutation.beginPasskeySignIn', document: () => `mutation { beginPasskeySignIn }`, expected: everyone('ok') },
  {
    op: 'Mutation.signInWithPasskey',
    document: () => `mutation { signInWithPasskey(response: "{}") { accessToken } }`,
    expected: everyone('UNAUTHENTICATED'),
  },
  {
    op: 'Mutation.beginPasskeyRegistration',
    document: () => `mutation { beginPasskeyRegistration }`,
    expected: { ...everyone('FORBIDDEN'), signedOut: 'UNAUTHENTICATED' },
  },
  {
    op: 'Mutation.addPasskey',
    document: () => `mutation { addPasskey(name: "Matrix key", response: "{}") { id } }`,
    expected: { ...everyone('FORBIDDEN'), signedOut: 'UNAUTHENTICATED' },
  },
  {
    op: 'Mutation.removePasskey',
    document: () => `mutation { removePasskey(id: "00000000-0000-4000-8000-000000000000") }`,
    expected: { ...everyone('NOT_FOUND'), signedOut: 'UNAUTHENTICATED' },
  },
  {
    op: 'Mutation.beginPasskeyConfirmation',
    document: () => `mutation { beginPasskeyConfirmation }`,
    expected: { ...everyone('BAD_USER_INPUT'), signedOut: 'UNAUTHENTICATED' },
  },
  {
    op: 'Mutation.confirmSecondFactorWithPasskey',
    document: () => `mutation { confirmSecondFactorWithPasskey(response: "{}") }`,
    expected: { ...everyone('BAD_USER_INPUT'), signedOut: 'UNAUTHENTICATED' },
  },
  // API keys and the audit log (tests/api/api-keys.test.ts has the rules themselves).
  { op: 'Query.apiKeys', document: () => `{ apiKeys { id name prefix lastUsedAt } }`, ...needs('STAFF') },
  {
    op: 'Mutation.createApiKey',
    document: () =>
      `mutation { createApiKey(name: "Matrix key", permissions: [ORDERS_READ]) { secret apiKey { id } } }`,
    ...needs('STAFF'),
  },
  {
    op: 'Mutation.revokeApiKey',
    document: () => `mutation ($id: ID!) { revokeApiKey(id: $id) }`,
    variables: () => ({ id: revocableKeyId }),
    ...needs('STAFF'),
  },
  {
    op: 'Query.adminAuditLog',
    document: () => `{ adminAuditLog(first: 5) { totalCount edges { node { action actorEmail apiKeyName } } } }`,
    ...needs('STAFF'),
  },
  // Last: it ends the sessions of the matrix's users (their sockets opened before it would close).
  { op: 'Mutation.signOutEverywhere', document: () => `mutation { signOutEverywhere }`, expected: signedIn },
];

/** Alternates between two open statuses, so each setTicketStatus changes something and the ticket takes replies. */
let ticketFlip = false;
const nextTicketStatus = () => {
  ticketFlip = !ticketFlip;
  return ticketFlip ? 'IN_PROGRESS' : 'OPEN';
};

async function setStatusAsAdmin(): Promise<void> {
  // The other status than the order's now: the flip of setOrderStatus's case also turns for the callers it refuses.
  const [{ status }] = await server.sql(`SELECT status FROM orders WHERE id = $1`, [orderId]);
  const res = await server.gql(
    `mutation ($id: ID!, $status: OrderStatus!) { setOrderStatus(orderId: $id, status: $status) { id } }`,
    { id: orderId, status: status === 'PROCESSING' ? 'SUCCESS' : 'PROCESSING' },
    { token: users.OWNER.token },
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
}

/** A refusal for want of a permission names it, in the message and in `extensions.permission`. */
function expectPermissionNamed(
  caller: Caller,
  c: Case,
  expected: Outcome,
  errors: { message: string; extensions?: Record<string, any> }[] | undefined,
): void {
  if (expected !== 'FORBIDDEN' || !c.permissions) return;
  // The matrix's key holds the permission of a step-up operation; what it lacks is a second factor.
  if (caller === 'apiKey' && stepsUp(c) && c.permissions.some((p) => API_KEY_PERMISSIONS.includes(p))) {
    expect(errors![0].message).toBe(API_KEY_MESSAGES.stepUp);
    return;
  }
  for (const permission of c.permissions) {
    expect(errors![0].message).toContain(permission);
    expect(errors![0].extensions?.permission).toContain(permission);
  }
}

/** What the matrix's API key gets (see CALLERS). */
function apiKeyOutcome(c: Case): Outcome {
  const [kind, field] = c.op.split('.') as ['Query' | 'Mutation' | 'Subscription', string];
  if (kind === 'Subscription') return c.expected.signedOut;
  const access = operations(kind)[field].extensions?.access;
  if (access === 'signed-in') return 'FORBIDDEN';
  if (access === 'public') return c.expected.OWNER;
  if (!c.permissions!.some((p) => API_KEY_PERMISSIONS.includes(p))) return 'FORBIDDEN';
  return stepsUp(c) ? 'FORBIDDEN' : c.expected.OWNER;
}

/**
 * Whether the case's operation asks for a second factor, which a key cannot give (API_KEY_MESSAGES.stepUp): read
 * without calling `variables()`, which turns the matrix's statuses. Its setOrderStatus moves between PROCESSING and
 * SUCCESS (nextStatus), both of which ask; api-keys.test.ts has a key's move to a status that does not.
 */
function stepsUp(c: Case): boolean {
  const [kind, field] = c.op.split('.');
  if (kind !== 'Mutation') return false;
  if (field !== 'setOrderStatus') return needsStepUp(field, {});
  return ['PROCESSING', 'SUCCESS'].every((status) => needsStepUp(field, { status }));
}

function outcomeOf(errors: { extensions?: Record<string, any> }[] | undefined): string {
  return errors?.length ? String(errors[0].extensions?.code) : 'ok';
}

describe('every operation declares who may call it', () => {
  it('has an access rule on every Query, Mutation and Subscription field', () => {
    const missing = allOperationNames().filter((name) => {
      const [kind, field] = name.split('.') as ['Query' | 'Mutation' | 'Subscription', string];
      const access = operations(kind)[field].extensions?.access;
      const permissions = operations(kind)[field].extensions?.permissions;
      if (access === 'permission') return !Array.isArray(permissions) || permissions.length === 0;
      return !['public', 'signed-in'].includes(access as string);
    });
    expect(missing).toEqual([]);
  });

  it('covers every operation of the schema in the matrix below', () => {
    expect(CASES.map((c) => c.op).sort()).toEqual(allOperationNames().sort());
  });

  it('asks the second factor again (step-up) only on mutations of signed-in people', () => {
    const mutations = operations('Mutation');
    for (const name of [...STEP_UP_OPERATIONS, ...Object.keys(STEP_UP_WHEN)])
      expect([name, ['permission', 'signed-in'].includes(mutations[name]?.extensions?.access as string)]).toEqual([
        name,
        true,
      ]);
  });

  it('agrees with the declared rules', () => {
    for (const c of CASES) {
      const [kind, field] = c.op.split('.') as ['Query' | 'Mutation' | 'Subscription', string];
      const access = operations(kind)[field].extensions?.access;
      const permissions = operations(kind)[field].extensions?.permissions;
      // The permission the case tests is the one the operation declares.
      expect([c.op, c.permissions ?? null]).toEqual([c.op, access === 'permission' ? permissions : null]);
      if (access === 'permission')
        expect([c.op, c.expected.customer, c.expected.signedOut]).toEqual([c.op, 'FORBIDDEN', 'UNAUTHENTICATED']);
      if (access === 'signed-in') expect([c.op, c.expected.signedOut]).toEqual([c.op, 'UNAUTHENTICATED']);
    }
  });
});

// Before the matrix: its last case ends every session, and the goods need a live one.
describe('the goods of an order', () => {
  it("shows an order's delivered keys to its owner and to roles with KEYS, not to roles that only read orders", async () => {
    const query = `query ($id: ID!) { order(id: $id) { id keys { value } keysFileUrl } }`;
    const asRole = async (role: 'customer' | StaffRoleName) => {
      const res = await server.gql(query, { id: goodsOrderId }, { token: users[role].token });
      expect([role, res.errors]).toEqual([role, undefined]);
      return {
        keys: res.data!.order.keys.map((k: { value: string }) => k.value) as string[],
        file: res.data!.order.keysFileUrl !== null,
      };
    };
    // Delivery is a job: the owner sees the key once it ran.
    const goods = await eventually(async () => {
      const got = await asRole('customer');
      return got.keys.length === 1 ? got : undefined;
    });
    expect(goods).toEqual({ keys: ['PERMISSIONS-GOODS-KEY'], file: true });
    const seen: Record<string, unknown> = {};
    for (const role of STAFF_ROLES) seen[role] = await asRole(role);
    expect(seen).toEqual({ OWNER: goods, MANAGER: goods, FULFILMENT: goods, SUPPORT: { keys: [], file: false } });
  });
});

describe('permission matrix', () => {
  const rows = CASES.flatMap((c) => CALLERS.map((role) => [c.op, role, c] as const));

  it.each(rows)('%s as %s', async (_op, role, c) => {
    const token = role === 'signedOut' ? null : role === 'apiKey' ? apiKeySecret : users[role].token;
    const expected = role === 'apiKey' ? apiKeyOutcome(c) : c.expected[role];
    if (c.op.startsWith('Subscription.')) {
      const client = server.ws(token);
      const sub = subscribeOnce(client, { query: c.document(), variables: c.variables?.() });
      if (expected === 'ok' && c.trigger) {
        await sub.ready;
        await c.trigger();
      }
      const result = await sub.next(5000);
      sub.dispose();
      expect(outcomeOf(result.errors)).toBe(expected);
      if (expected === 'ok') expect(result.data).toBeTruthy();
      expectPermissionNamed(role, c, expected, result.errors);
      return;
    }
    const res = await server.gql(c.document(), c.variables?.(), { token });
    expect(outcomeOf(res.errors)).toBe(expected);
    if (expected === 'ok') expect(Object.values(res.data ?? {}).length).toBe(1);
    expectPermissionNamed(role, c, expected, res.errors);
  });
});

describe('the audit log of the matrix', () => {
  it("has an entry, under the key's name, for every mutation the API key was allowed", async () => {
    // Staff operations only: public ones (signIn…) are no staff action.
    const allowed = CASES.filter((c) => c.op.startsWith('Mutation.') && c.permissions && apiKeyOutcome(c) === 'ok').map(
      (c) => c.op.slice('Mutation.'.length),
    );
    expect(allowed.length).toBeGreaterThan(3);
    const rows: { action: string }[] = await server.sql(
      `SELECT DISTINCT action FROM audit_log WHERE api_key_name = 'Matrix' AND actor_id = $1 AND actor_role = 'OWNER'`,
      [users.OWNER.id],
    );
    expect(rows.map((r) => r.action).sort()).toEqual([...new Set(allowed)].sort());
  });
});

describe('admin-only fields', () => {
  it('hides Order.customer from its own customer (FORBIDDEN) and shows it to admins', async () => {
    const query = `query ($id: ID!) { order(id: $id) { id customer { fullName email } } }`;
    const asCustomer = await server.gql(query, { id: orderId }, { token: users.customer.token });
    expect(asCustomer.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(asCustomer.data?.order?.customer ?? null).toBeNull();
    const asAdmin = await server.gql(query, { id: orderId }, { token: users.OWNER.token });
    expect(asAdmin.errors).toBeUndefined();
    const [profile] = await server.sql(`SELECT full_name FROM profiles WHERE id = $1`, [users.customer.id]);
    expect(asAdmin.data!.order.customer).toEqual({ fullName: profile.full_name, email: users.customer.email });
  });
});
