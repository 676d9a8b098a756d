/**
 * The admin's Block rules tab (docs/product.md "Block rules"): the admin sees a rule's validation message under its
 * field, adds an IP range through the form and sees it listed in its stored form, a sign-up from that range is
 * turned away with the neutral message, and Remove (after a confirmation) lets it through again. Screenshots at
 * 1280 and 360 px wide go to the test's output folder.
 *
 * Other specs run at the same time on the same store: this one blocks only 203.0.113.0/24 (TEST-NET-3), which no other
 * spec signs up from (they all come from 127.0.0.1), and finds its rule by its value.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { BLOCK_RULE_MESSAGES } from '../../common/block-rules';
import { expectToast, PASSWORD, submitAdminLogin, uniqueEmail } from './support/store';

/** Signs up from `ip` (the e2e server trusts X-Forwarded-For from loopback) and returns the first error, if any. */
async function signUpFrom(request: APIRequestContext, ip: string): Promise<{ message: string; code: string } | null> {
  const res = await request.post('/graphql', {
    data: {
      query: `mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }`,
      variables: { input: { fullName: 'Range Visitor', email: uniqueEmail('range'), password: PASSWORD } },
    },
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
  });
  const body = await res.json();
  const error = body.errors?.[0];
  return error ? { message: error.message, code: error.extensions?.code } : null;
}

test('an admin adds a block rule through the screen, sees it listed and turning sign-ups away, and removes it', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.getByRole('tab', { name: 'Block rules' }).click();
  await expect(page).toHaveURL(/tab=block-rules/);
  const tab = page.getByTestId('admin-block-rules');
  await expect(tab.getByRole('status').filter({ hasText: /^\d+ rules?$/ })).toBeVisible();

  const form = page.getByRole('form', { name: 'Add a rule' });
  const value = form.getByRole('textbox', { name: 'Value' });
  // The shared rules' message, before any request.
  await value.fill('not-an-email');
  await form.getByRole('button', { name: 'Add rule' }).click();
  await expect(value).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText(BLOCK_RULE_MESSAGES.invalid.EMAIL);

  // The server's message for what only it checks, under the same field.
  await form.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'IP range (CIDR)' }).click();
  await expect(form).toContainText('Every address in the range');
  await value.fill('203.0.113.77/33');
  await form.getByRole('button', { name: 'Add rule' }).click();
  await expect(form).toContainText(BLOCK_RULE_MESSAGES.ipv4Prefix);
  await expect(value).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('block-rules-error-1280.png'), fullPage: true });

  await value.fill('203.0.113.77/24');
  await form.getByRole('textbox', { name: 'Reason (optional)' }).fill('Card testing from this range');
  await form.getByRole('button', { name: 'Add rule' }).click();
  await expectToast(page, 'Block rule added', 'IP range (CIDR): 203.0.113.0/24');
  await expect(value).toHaveValue('');
  const row = page.getByTestId('block-rule').filter({ hasText: '203.0.113.0/24' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('IP range (CIDR)');
  await expect(row).toContainText('Card testing from this range');
  await expect(row).toContainText('by admin');
  await page.screenshot({ path: testInfo.outputPath('block-rules-1280.png'), fullPage: true });

  // The rule at work: a sign-up from the range is turned away, one from elsewhere is not.
  await expect
    .poll(() => signUpFrom(request, '203.0.113.5'))
    .toEqual({ message: BLOCK_RULE_MESSAGES.requestBlocked, code: 'FORBIDDEN' });
  expect(await signUpFrom(request, '198.51.100.5')).toBeNull();

  await page.setViewportSize({ width: 360, height: 800 });
  await expect(row).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('block-rules-360.png'), fullPage: true });

  await row.getByRole('button', { name: 'Remove the rule for 203.0.113.0/24' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this rule?' });
  await expect(confirm).toContainText('203.0.113.0/24');
  // The confirmation opens on Cancel: Enter removes nothing by accident.
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('block-rules-remove-360.png') });
  await confirm.getByRole('button', { name: 'Remove rule' }).click();
  await expectToast(page, 'Block rule removed', '203.0.113.0/24');
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect.poll(() => signUpFrom(request, '203.0.113.6')).toBeNull();
});
