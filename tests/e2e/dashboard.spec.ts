import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, TICKET_CATEGORY_LABELS } from '../../common/labels';
import { MESSAGES } from '../../common/validation';
import { placeOrderViaApi, setOrderStatus } from './support/orders';
import { adminToken, expectToast, gql, signInUi, signUpViaApi, type ApiUser } from './support/store';

const PEM = Buffer.from(
  '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQUJDREVGR0hJSktMTU5PUFFSU1RVVjAKBggqhkjOPQQDAjA=\n-----END CERTIFICATE-----\n',
);

/** The admin issues a certificate for an order, with certificate and chain files (multipart). */
async function issueCertificate(request: APIRequestContext, admin: string, orderId: string, domainName: string) {
  const res = await request.post('/graphql', {
    headers: { authorization: `Bearer ${admin}`, 'apollo-require-preflight': 'true' },
    multipart: {
      operations: JSON.stringify({
        query: `mutation ($input: IssueCertificateInput!, $certificateFile: Upload, $chainFile: Upload) {
          issueCertificate(input: $input, certificateFile: $certificateFile, chainFile: $chainFile) { id }
        }`,
        variables: {
          input: {
            orderId,
            domainName,
            autoRenew: true,
            issuedAt: '2026-01-05T12:00:00.000Z',
            expiresAt: '2027-01-05T12:00:00.000Z',
          },
          certificateFile: null,
          chainFile: null,
        },
      }),
      // Non-numeric keys: JS puts integer keys first, and the spec wants the files after 'map'.
      map: JSON.stringify({ certificate: ['variables.certificateFile'], chain: ['variables.chainFile'] }),
      certificate: { name: 'certificate.pem', mimeType: 'application/x-pem-file', buffer: PEM },
      chain: { name: 'chain.pem', mimeType: 'application/x-pem-file', buffer: PEM },
    },
  });
  const body = await res.json();
  if (body.errors) throw new Error(`issueCertificate failed: ${JSON.stringify(body.errors)}`);
}

async function createTicket(request: APIRequestContext, user: ApiUser, title: string) {
  await gql(
    request,
    'mutation ($input: CreateTicketInput!) { createTicket(input: $input) { id } }',
    {
      input: {
        title,
        description: 'The installer stops at step 3 with an unknown error. '.repeat(8),
        category: 'INSTALLATION',
        priority: 'HIGH',
      },
    },
    user.token,
  );
}

async function expectCounter(page: Page, label: string, value: number) {
  await expect(page.getByRole('group', { name: label })).toHaveText(new RegExp(`^${label}\\s*${value}$`));
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('a signed-out visitor is sent to sign in and comes back to the dashboard', async ({ page, request }) => {
  const user = await signUpViaApi(request, 'Returning Visitor');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Returning Visitor');
});

test('a new customer sees zero counters and an empty state on every tab', async ({ page, request }) => {
  const user = await signUpViaApi(request, 'Empty Handed');
  await signInUi(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const label of ['Active Certificates', 'Pending Orders', 'Open Tickets', 'Total Orders']) {
    await expectCounter(page, label, 0);
  }

  await expect(page.getByText('No certificates yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');

  await openTab(page, 'Orders');
  await expect(page.getByText('No orders yet')).toBeVisible();
  await page.getByRole('link', { name: 'Browse Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await page.goBack();

  await openTab(page, 'Support');
  await expect(page.getByText('No support tickets yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create New Ticket' })).toHaveAttribute('href', '/support');

  await openTab(page, 'Profile');
  const profile = page.getByRole('tabpanel');
  // In the profile's details and in the Security section's "E-mail address", not confirmed yet.
  await expect(profile.getByText(user.email)).toHaveCount(2);
  await expect(profile.getByText('Not confirmed yet. Follow the link we e-mailed you.')).toBeVisible();
  await expect(profile.getByText('Empty Handed', { exact: true })).toBeVisible();
  await expect(profile.getByText('Not set')).toHaveCount(2);
});

test('counters and tabs show certificates, orders and tickets', async ({ page, request }) => {
  const user = await signUpViaApi(request, 'Busy Buyer');
  const admin = await adminToken(request);
  const { id: pendingId } = await placeOrderViaApi(request, user, { quantity: 3, domainName: 'shop.example.com' });
  const { id: completedId } = await placeOrderViaApi(request, user, { quantity: 1 });
  await setOrderStatus(request, admin, completedId, 'COMPLETED');
  await issueCertificate(request, admin, completedId, 'secure.example.com');
  await createTicket(request, user, 'Installer stops at step 3');

  await signInUi(page, user);
  await expectCounter(page, 'Active Certificates', 1);
  await expectCounter(page, 'Pending Orders', 1);
  await expectCounter(page, 'Open Tickets', 1);
  await expectCounter(page, 'Total Orders', 2);

  // Certificates: domain, product, status, dates, auto-renew and both downloads. (The dashboard opens on the tab of
  // what was bought last, here keys.)
  await openTab(page, 'Certificates');
  const certificate = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: 'secure.example.com' });
  await expect(certificate).toContainText('Active');
  await expect(certificate).toContainText('Jan 05, 2026');
  await expect(certificate).toContainText('Jan 05, 2027');
  await expect(certificate).toContainText('Auto-renew on');
  const download = certificate.getByRole('link', { name: /Download Certificate/ });
  await expect(download).toHaveAttribute('href', /.+/);
  await expect(certificate.getByRole('link', { name: /Download Chain/ })).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toContain('secure.example.com');

  // Orders: newest first, short id, status, quantity, total, payment method, domain.
  await openTab(page, 'Orders');
  const orders = page.getByRole('tabpanel').getByRole('listitem');
  await expect(orders).toHaveCount(2);
  const pending = orders.filter({ hasText: `Order #${pendingId.slice(0, 8)}` });
  await expect(pending).toContainText(ORDER_STATUS_LABELS.PENDING);
  await expect(pending).toContainText('Litecoin');
  await expect(pending).toContainText('shop.example.com');
  await expect(pending).toContainText(PAYMENT_METHOD_LABELS.USDT_TRC20);
  await expect(pending).toContainText('3');
  await expect(orders.filter({ hasText: `Order #${completedId.slice(0, 8)}` })).toContainText(
    ORDER_STATUS_LABELS.COMPLETED,
  );
  await pending.getByRole('link', { name: /View payment status/ }).click();
  await expect(page).toHaveURL(new RegExp(`/verify\\?order=${pendingId}$`));
  await page.goBack();

  // Support: title, status, priority and the description.
  await openTab(page, 'Support');
  const ticket = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: 'Installer stops at step 3' });
  await expect(ticket).toContainText('Open');
  await expect(ticket).toContainText('High priority');
  await expect(ticket).toContainText(TICKET_CATEGORY_LABELS.INSTALLATION);
  await expect(ticket).toContainText('The installer stops at step 3');
});

test('Edit Profile saves name, company and phone, and the nav bar shows the new name', async ({ page, request }) => {
  const user = await signUpViaApi(request, 'Old Name');
  await signInUi(page, user);
  await openTab(page, 'Profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog.getByLabel('Full Name')).toHaveValue('Old Name');

  await dialog.getByLabel('Full Name').fill('');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Validation Error', MESSAGES.fullNameRequired);

  await dialog.getByLabel('Full Name').fill('New Name');
  await dialog.getByLabel('Company').fill('Acme Ltd');
  await dialog.getByLabel('Phone').fill('+1 555 0100');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile updated');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('nav-user')).toHaveText('New Name');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('New Name');
  await expect(page.getByText('Acme Ltd')).toBeVisible();
  await expect(page.getByText('+1 555 0100')).toBeVisible();
  await expect(page.getByText('Not set')).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('nav-user')).toHaveText('New Name');
});

test('Sign Out ends the session and goes home', async ({ page, request }) => {
  const user = await signUpViaApi(request);
  await signInUi(page, user);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard$/);
});

test('a failed load shows "Failed to load dashboard data" and Try again recovers', async ({ page, request }) => {
  const user = await signUpViaApi(request, 'Flaky Network');
  await signInUi(page, user, '/support');
  await page.route('**/graphql', (route) =>
    route.request().postData()?.includes('DashboardPage') ? route.abort() : route.fallback(),
  );
  await page.getByRole('link', { name: 'Flaky Network' }).click();
  await expect(page.getByText('Failed to load dashboard data')).toBeVisible();
  await page.unroute('**/graphql');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Flaky Network');
});
