/**
 * The admin panel's API keys and Audit log tabs (issue 30; docs/staff-and-permissions.md "API keys", "Audit log"), as
 * the demo owner: a key is created with permissions from the owner's own (never STAFF), its secret shown once and
 * working, then revoked after a confirmation and refused; the audit log is filtered by action and actor, the filters
 * survive a reload in the address, and the CSV download holds what the filters select. Both tabs at 1280 and 360 px,
 * axe-scanned.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN, adminToken, expectToast, gql, seriousA11yViolations, submitAdminLogin } from './support/store';

async function openTab(page: Page, name: string): Promise<void> {
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name }).click();
}

/** What a request with `secret` as its bearer gets from an ORDERS_READ operation: data, or the error's code. */
async function callWithKey(request: APIRequestContext, secret: string): Promise<string> {
  const res = await request.post('/graphql', {
    data: { query: '{ adminOrders(first: 1) { totalCount } }' },
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
  });
  const body = (await res.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
  return body.errors ? (body.errors[0]?.extensions?.code ?? 'ERROR') : 'OK';
}

async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(await seriousA11yViolations(page, label)).toEqual([]);
}

for (const width of [1280, 360]) {
  test(`an owner creates an API key, sees its secret once, and revokes it (${width} px)`, async ({ page, request }) => {
    test.slow(); // two axe scans
    await page.setViewportSize({ width, height: 900 });
    await adminToken(request); // the admin exists
    await openTab(page, 'API keys');
    await expect(page).toHaveURL(/tab=api-keys/);
    await expect(page.getByTestId('admin-api-keys')).toBeVisible();

    // The shared rules' messages, under their fields; STAFF is never offered.
    await page.getByRole('button', { name: 'New API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API key' });
    await expect(dialog.getByRole('checkbox', { name: /ORDERS_READ/ })).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: /^STAFF/ })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog).toContainText('Give the key a name of 1 to 100 characters');
    await expect(dialog).toContainText('Choose at least one permission');
    await page.screenshot({ path: test.info().outputPath(`api-key-errors-${width}.png`) });
    await expectNoSeriousViolations(page, `create API key dialog (${width} px)`);

    const name = `Accounting export ${width} ${Date.now().toString(36)}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('checkbox', { name: /ORDERS_READ/ }).check();
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const created = page.getByRole('dialog', { name: 'API key created' });
    await expect(created).toContainText('You will not see it again');
    const secret = await created.getByTestId('api-key-secret').inputValue();
    expect(secret).toMatch(/^sk_store_[A-Za-z0-9_-]{43}$/);
    await page.screenshot({ path: test.info().outputPath(`api-key-secret-${width}.png`) });
    // A click beside the dialog does not lose the secret; only Done closes it.
    await page.mouse.click(5, 5);
    await expect(created).toBeVisible();
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText(secret);

    const row = page.getByTestId('api-key').filter({ hasText: name });
    await expect(row).toContainText(secret.slice(0, 15));
    await expect(row).toContainText('ORDERS_READ');
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Never');
    expect(await callWithKey(request, secret)).toBe('OK');
    await page.screenshot({ path: test.info().outputPath(`api-keys-${width}.png`), fullPage: true });
    await expectNoSeriousViolations(page, `API keys tab (${width} px)`);

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
    await expect(confirm).toContainText(name);
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expectToast(page, 'API key revoked', name);
    await expect(row).toContainText('Revoked');
    await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);
    expect(await callWithKey(request, secret)).toBe('UNAUTHENTICATED');
  });

  test(`an owner filters the audit log, the address keeps the filters, and the CSV holds them (${width} px)`, async ({
    page,
    request,
  }) => {
    test.slow(); // an axe scan and a download
    const token = await adminToken(request);
    const name = `Audit probe ${width} ${Date.now().toString(36)}`;
    await gql(
      request,
      `mutation ($name: String!) { createApiKey(name: $name, permissions: [REPORTS]) { apiKey { id } } }`,
      { name },
      token,
    );

    await page.setViewportSize({ width, height: 900 });
    await openTab(page, 'Audit log');
    await expect(page).toHaveURL(/tab=audit-log/);
    // The API's refusal of a filter shows under it.
    await page.getByLabel('Action').fill('create key!');
    await expect(page.getByLabel('Action')).toHaveAccessibleDescription('An action is the name of an operation');
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await page.getByLabel('Action').fill('createApiKey');
    await expect(page).toHaveURL(/action=createApiKey/);
    const entries = page.getByTestId('audit-entry');
    await expect(entries.filter({ hasText: name.split(' ')[0] }).first()).toBeVisible();
    for (const text of await entries.allInnerTexts()) expect(text).toContain('createApiKey');
    const ours = entries.filter({ hasText: name });
    await expect(ours).toHaveCount(1);
    await expect(ours).toContainText('Owner');
    await expect(ours).toContainText(/"permissions":\["REPORTS"\]/);

    // A day range and an actor narrow it further; a reload keeps every filter.
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('First day (UTC)').fill(today);
    await page.getByLabel('Last day (UTC)').fill(today);
    await page.getByLabel('Actor').fill('admin@');
    await expect(page).toHaveURL(/actor=admin%40/);
    await expect(page).toHaveURL(new RegExp(`from=${today}.*to=${today}|to=${today}.*from=${today}`));
    await page.reload();
    await expect(page.getByLabel('Action')).toHaveValue('createApiKey');
    await expect(page.getByLabel('Actor')).toHaveValue('admin@');
    await expect(page.getByLabel('First day (UTC)')).toHaveValue(today);
    await expect(entries.filter({ hasText: name })).toHaveCount(1);

    // A backwards range is refused where it is typed.
    await page.getByLabel('First day (UTC)').fill('2099-01-02');
    await expect(page.getByText('The last day is before the first')).toBeVisible();
    await page.getByLabel('First day (UTC)').fill(today);
    await expect(entries.filter({ hasText: name })).toHaveCount(1);

    const link = page.getByRole('link', { name: 'Download CSV' });
    await expect(link).toBeEnabled();
    await page.screenshot({ path: test.info().outputPath(`audit-log-${width}.png`), fullPage: true });
    await expectNoSeriousViolations(page, `audit log (${width} px)`);

    await expect(link).toHaveAttribute('href', /action=createApiKey/);
    await expect(link).toHaveAttribute('href', /actor=admin%40/);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString());
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('at,actor,role,api_key,action,record,ip,change');
    expect(lines.slice(1).every((line) => line.includes(',createApiKey,'))).toBe(true);
    expect(csv).toContain(name);
  });
}

test("the customers list marks a staff member's account Staff, and its view says why it cannot be blocked", async ({
  page,
  request,
}) => {
  await adminToken(request); // the admin exists
  await openTab(page, 'Customers');
  await page.getByLabel('Search customers').fill(E2E_ADMIN.email);
  const row = page.getByTestId('admin-customer').filter({ hasText: E2E_ADMIN.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Staff', { exact: true })).toBeVisible();
  await expect(row.getByText('Admin', { exact: true })).toHaveCount(0);
  await row.getByRole('button', { name: /^View / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('A staff member cannot be blocked. Remove their staff role first (Staff tab).');
  await expect(dialog.getByRole('button', { name: 'Block' })).toHaveCount(0);
});
