/**
 * Order set-up for the browser tests: a browser session without going through the sign-in form,
 * orders placed and statuses changed through the API (as a second client would).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { gql, PNG_1x1, type ApiUser } from './store';

/**
 * Signs the browser in through the API: `page.request` shares the page's cookies, so the refresh
 * cookie it receives is the one the app turns into a session when the next page loads.
 */
export async function signInBrowser(page: Page, user: { email: string; password: string }): Promise<void> {
  const res = await page.request.post('/graphql', {
    data: {
      query: 'mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }',
      variables: { input: { email: user.email, password: user.password } },
    },
  });
  const body = await res.json();
  if (body.errors) throw new Error(`signIn failed: ${JSON.stringify(body.errors)}`);
}

/**
 * Product ids by slug, looked up once per request context (a product's id never changes in one store). Not per worker:
 * some specs start a second store on a database of its own, whose products have other ids, and an id cached from it
 * made the next spec's order in the main store 'Please select a valid product'.
 */
const productIdsByContext = new WeakMap<APIRequestContext, Map<string, Promise<string>>>();

export function productIdBySlug(request: APIRequestContext, slug: string): Promise<string> {
  let productIds = productIdsByContext.get(request);
  if (!productIds) productIdsByContext.set(request, (productIds = new Map()));
  let id = productIds.get(slug);
  if (!id) {
    id = gql(request, 'query ($slug: String!) { product(slug: $slug) { id } }', { slug }).then((data) => {
      if (!data.product) throw new Error(`No product ${slug}`);
      return data.product.id as string;
    });
    // A failed look-up is not kept: the next call asks again.
    id.catch(() => productIds.delete(slug));
    productIds.set(slug, id);
  }
  return id;
}

export interface PlacedOrder {
  id: string;
  shortId: string;
}

export interface PlaceOrderOptions {
  slug?: string;
  quantity?: number;
  domainName?: string;
  transactionId?: string;
  /** Upload a PNG payment proof with the order (a multipart request), as the checkout does. */
  proof?: boolean;
}

/** Places a USDT order for `user` and returns its id and short id. */
export async function placeOrderViaApi(
  request: APIRequestContext,
  user: ApiUser,
  options: PlaceOrderOptions = {},
): Promise<PlacedOrder> {
  const productId = await productIdBySlug(request, options.slug ?? 'litecoin-keys');
  const input = {
    productId,
    quantity: options.quantity ?? 2,
    domainName: options.domainName ?? null,
    email: user.email,
    paymentMethod: 'USDT_TRC20',
    transactionId: options.transactionId ?? null,
  };
  if (!options.proof) {
    const data = await gql(
      request,
      'mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id shortId } }',
      { input },
      user.token,
    );
    return data.placeOrder;
  }
  const query =
    'mutation ($input: PlaceOrderInput!, $proof: Upload) { placeOrder(input: $input, proof: $proof) { id shortId } }';
  const res = await request.post('/graphql', {
    headers: { 'apollo-require-preflight': 'true', authorization: `Bearer ${user.token}` },
    multipart: {
      operations: JSON.stringify({ query, variables: { input, proof: null } }),
      // Not a numeric name: the form keeps the object's key order, and numeric keys come first.
      map: JSON.stringify({ proof: ['variables.proof'] }),
      proof: { name: 'proof.png', mimeType: 'image/png', buffer: PNG_1x1 },
    },
  });
  const body = await res.json();
  if (body.errors) throw new Error(`placeOrder failed: ${JSON.stringify(body.errors)}`);
  return body.data.placeOrder;
}

export type OrderStatusValue =
  'PENDING' | 'SUCCESS' | 'NOT_RECEIVED' | 'PROCESSING' | 'COMPLETED' | 'CONFIRMED' | 'ACTIVE' | 'CANCELLED';

/** The admin changes an order's status through the API. */
export async function setOrderStatus(
  request: APIRequestContext,
  adminAccessToken: string,
  orderId: string,
  status: OrderStatusValue,
): Promise<void> {
  await gql(
    request,
    'mutation ($orderId: ID!, $status: OrderStatus!) { setOrderStatus(orderId: $orderId, status: $status) { id } }',
    { orderId, status },
    adminAccessToken,
  );
}

type Marked = { e2eSameDocument?: boolean };

/** Marks the current document, so a test can tell later that the page was never reloaded. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (globalThis as Marked).e2eSameDocument = true;
  });
}

/** Whether the document marked by markDocument is still the one showing (no reload, no navigation). */
export function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (globalThis as Marked).e2eSameDocument === true);
}

/** The browser's clipboard text (needs the clipboard-read permission). */
export function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );
}
