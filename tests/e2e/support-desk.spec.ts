/**
 * The support desk in two browsers (docs/product.md "Support desk"): an admin answers a ticket from the Tickets tab
 * while the customer watches the reply arrive in their dashboard without a reload, the customer answers back (the
 * admin sees it live), and the admin closes the ticket (the customer sees Closed and no reply box). Screenshots at 360
 * and 1280 px of the admin tab, the ticket view and the customer's thread; axe scans of each at 360 px.
 */
import fs from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { isSameDocument, markDocument, placeOrderViaApi } from './support/orders';
import { gotoHydrated, gql, seriousA11yViolations, signUpViaApi, submitAdminLogin } from './support/store';

const SHOTS = '/tmp/shots/support-desk';

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  return context.newPage();
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
    await page.waitForTimeout(300);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

test('an admin answers a ticket live, the customer answers back, the admin closes it', async ({ browser }) => {
  test.slow(); // two browsers, two live subscriptions, screenshots and axe scans
  const customerPage = await newPage(browser);
  const customer = await signUpViaApi(customerPage.request, 'Grace Customer');
  const order = await placeOrderViaApi(customerPage.request, customer, { slug: 'litecoin-keys', quantity: 2 });
  const title = `Keys not working ${Date.now()}`;
  const created = await gql(
    customerPage.request,
    `mutation ($input: CreateTicketInput!) { createTicket(input: $input) { id } }`,
    {
      input: {
        title,
        description: 'The second key says <invalid>.\nWhat now?',
        category: 'ORDER',
        priority: 'HIGH',
        orderId: order.id,
      },
    },
    customer.token,
  );
  const ticketId: string = created.createTicket.id;

  // The customer (signed in by the sign-up's session cookie) opens the conversation and keeps watching it.
  await customerPage.goto('/dashboard?tab=support');
  await customerPage.getByRole('button', { name: `Open the conversation: ${title}` }).click();
  const customerThread = customerPage.getByTestId('customer-ticket-thread');
  await expect(customerThread.getByTestId('ticket-message')).toHaveCount(1);
  // Plain text: the markup shows as typed, the line break kept.
  await expect(customerThread.getByTestId('ticket-message').first()).toContainText('The second key says <invalid>.');
  await markDocument(customerPage);

  // The admin finds it in the Tickets tab (newest activity first) and opens it with the keyboard.
  const adminPage = await newPage(browser);
  await submitAdminLogin(adminPage);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard/);
  await adminPage.getByRole('tab', { name: /^Tickets/ }).click();
  const row = adminPage.getByTestId('admin-ticket-row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Grace Customer');
  await expect(row).toContainText('High priority');
  await expect(row).toContainText('Reply by');
  await shoot(adminPage, 'admin-tickets-tab');
  await adminPage.setViewportSize({ width: 360, height: 800 });
  expect(await seriousA11yViolations(adminPage, 'admin tickets tab (360 px)')).toEqual([]);

  await row.getByRole('button').focus();
  await adminPage.keyboard.press('Enter');
  const view = adminPage.getByTestId('admin-ticket-view');
  await expect(view).toBeVisible();
  // The linked order beside the thread.
  const orderSection = adminPage.getByRole('region', { name: 'Related order' });
  await expect(orderSection).toContainText(order.shortId);
  await expect(orderSection).toContainText('Litecoin');
  await expect(orderSection).toContainText('Quantity2');
  await expect(orderSection).toContainText('Pending');

  // An empty reply is explained where it was typed and sends nothing.
  await adminPage.getByRole('button', { name: 'Send reply' }).click();
  await expect(adminPage.getByText('Write a reply')).toBeVisible();

  await adminPage.getByLabel('Reply to the customer').fill('Please send a screenshot of the error.');
  await adminPage.getByRole('button', { name: 'Send reply' }).click();
  await expect(view.getByTestId('ticket-message')).toHaveCount(2);
  await expect(view.getByLabel('Status')).toHaveValue('IN_PROGRESS');

  // The customer's open thread shows it: no reload, no navigation.
  await expect(customerThread.getByTestId('ticket-message')).toHaveCount(2);
  await expect(customerThread.getByTestId('ticket-message').last()).toContainText('Support team');
  await expect(customerThread.getByTestId('ticket-message').last()).toContainText(
    'Please send a screenshot of the error.',
  );
  expect(await isSameDocument(customerPage)).toBe(true);

  // The customer answers; the admin's open view shows it live.
  await customerPage.getByLabel('Your reply').fill('Here it is: "key #2 invalid".');
  await customerPage.getByRole('button', { name: 'Send reply' }).click();
  await expect(view.getByTestId('ticket-message')).toHaveCount(3);
  await expect(view.getByTestId('ticket-message').last()).toContainText('Here it is: "key #2 invalid".');
  await expect(view.getByTestId('ticket-message').last()).toContainText('Grace Customer');

  await shoot(adminPage, 'admin-ticket-view');
  await adminPage.setViewportSize({ width: 360, height: 800 });
  expect(await seriousA11yViolations(adminPage, 'admin ticket view (360 px)')).toEqual([]);
  await shoot(customerPage, 'customer-thread');
  await customerPage.setViewportSize({ width: 360, height: 800 });
  expect(await seriousA11yViolations(customerPage, 'customer thread (360 px)')).toEqual([]);

  // The admin closes it; the customer sees Closed and no reply box.
  await view.getByLabel('Status').selectOption('CLOSED');
  await expect(view).toHaveAttribute('data-status', 'CLOSED');
  await expect(customerThread).toHaveAttribute('data-status', 'CLOSED');
  await expect(customerThread.getByText('Closed', { exact: true })).toBeVisible();
  await expect(customerThread.getByText('This ticket is closed.')).toBeVisible();
  await expect(customerPage.getByLabel('Your reply')).toHaveCount(0);
  expect(await isSameDocument(customerPage)).toBe(true);

  // The thread as stored: four lines of conversation would be wrong, three are right, and the ticket is closed.
  const stored = await gql(
    customerPage.request,
    `query ($id: ID!) { ticket(id: $id) { status messages { fromStaff } } }`,
    { id: ticketId },
    customer.token,
  );
  expect(stored.ticket).toEqual({
    status: 'CLOSED',
    messages: [{ fromStaff: false }, { fromStaff: true }, { fromStaff: false }],
  });
});

test('a customer links one of their orders on the ticket form', async ({ page }) => {
  const customer = await signUpViaApi(page.request, 'Order Linker');
  const order = await placeOrderViaApi(page.request, customer, { slug: 'litecoin-keys', quantity: 1 });
  // Signed in by the sign-up's session cookie. /support is server-rendered: type once the form has hydrated.
  await gotoHydrated(page, '/support');
  await page.getByLabel('Subject').fill('About my order');
  await page.getByLabel('Category').selectOption('ORDER');
  await page.getByLabel('Related order (optional)').selectOption({ index: 1 });
  await expect(page.getByLabel('Related order (optional)')).toHaveValue(order.id);
  await page.getByLabel('Description').fill('It has not arrived.');
  await page.getByRole('button', { name: 'Submit Ticket' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=support/);
  await page.getByRole('button', { name: 'Open the conversation: About my order' }).click();
  await expect(page.getByTestId('customer-ticket-thread')).toContainText(`About order ${order.shortId}`);
});
