/**
 * Order set-up for the checkout and verify journeys: a browser session without going through the
 * sign-in form, orders placed and statuses changed through the API (as a second client would).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { gql, type ApiUser } from './store';

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

export async function productIdBySlug(request: APIRequestContext, slug: string): Promise<string> {
  const data = await gql(request, 'query ($slug: String!) { product(slug: $slug) { id } }', { slug });
  if (!data.product) throw new Error(`No product ${slug}`);
  return data.product.id;
}

/** Places a USDT order for `user` and returns its id. */
export async function placeOrderViaApi(
  request: APIRequestContext,
  user: ApiUser,
  options: { slug?: string; quantity?: number; domainName?: string } = {},
): Promise<string> {
  const productId = await productIdBySlug(request, options.slug ?? 'litecoin-keys');
  const data = await gql(
    request,
    'mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
    {
      input: {
        productId,
        quantity: options.quantity ?? 2,
        domainName: options.domainName ?? null,
        email: user.email,
        paymentMethod: 'USDT_TRC20',
      },
    },
    user.token,
  );
  return data.placeOrder.id;
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
