import { expect, test } from '@playwright/test';
import { TICKET_CATEGORY_LABELS, TICKET_PRIORITY_LABELS } from '../../common/labels';
import { MESSAGES } from '../../common/validation';
import { dismissToast, expectToast, gotoHydrated, signInUi, signUpViaApi } from './support/store';

test('a signed-out visitor sees the contact options, a sign-in prompt and a disabled submit', async ({ page }) => {
  // /support is server-rendered: act on it once it has hydrated.
  await gotoHydrated(page, '/support');
  await expect(page.getByRole('heading', { level: 1, name: 'How Can We Help?' })).toBeVisible();
  await expect(page.getByText('within 24 hours').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Email Support' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Phone Support' })).toBeVisible();
  await expect(page.getByText('Mon-Fri 9AM-5PM')).toBeVisible();

  const prompt = page.getByRole('link', { name: 'sign in', exact: true });
  await expect(prompt).toHaveAttribute('href', '/auth?redirect=%2Fsupport');
  await expect(page.getByRole('button', { name: 'Submit Ticket' })).toBeDisabled();

  // The prompt leads back here once signed in, with the form usable.
  const user = await signUpViaApi(page.request);
  await prompt.click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('button', { name: 'Submit Ticket' })).toBeEnabled();
  await expect(page.getByRole('link', { name: 'sign in', exact: true })).toHaveCount(0);
});

test('a signed-out submit that gets through anyway asks to sign in', async ({ page }) => {
  // Before hydration a submit is the browser's own (a reload); the app's answer needs the hydrated form.
  await gotoHydrated(page, '/support');
  await page.getByLabel('Subject').fill('Question');
  // The button is disabled; a form can still be submitted programmatically (or by assistive tech).
  await page
    .locator('#ticket-form form')
    .evaluate((form) => (form as unknown as { requestSubmit(): void }).requestSubmit());
  await expectToast(page, 'Authentication required', 'Please sign in to create a support ticket');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fsupport$/);
});

test('a customer creates a ticket and finds it on the dashboard', async ({ page, request }) => {
  const user = await signUpViaApi(request);
  await signInUi(page, user, '/support');
  await expect(page.getByLabel('Priority')).toHaveValue('MEDIUM');
  await expect(page.getByText('0/200', { exact: true })).toBeVisible();
  await expect(page.getByText('0/2000', { exact: true })).toBeVisible();

  await page.getByLabel('Subject').fill('Certificate not delivered');
  await expect(page.getByText('25/200', { exact: true })).toBeVisible();
  await page.getByLabel('Category').selectOption({ label: TICKET_CATEGORY_LABELS.ORDER });
  await page.getByLabel('Priority').selectOption({ label: TICKET_PRIORITY_LABELS.URGENT });
  await page.getByLabel('Description').fill('I paid for order 1234abcd two days ago and nothing arrived.');
  await expect(page.getByText('59/2000', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Ticket' }).click();

  await expectToast(page, 'Ticket created!', "We'll respond to your ticket within 24 hours.");
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('group', { name: 'Open Tickets' })).toContainText('1');
  await page.getByRole('tab', { name: 'Support' }).click();
  const ticket = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: 'Certificate not delivered' });
  await expect(ticket).toContainText('Open');
  await expect(ticket).toContainText('Urgent priority');
  await expect(ticket).toContainText(TICKET_CATEGORY_LABELS.ORDER);
  await expect(ticket).toContainText('nothing arrived');
});

test('every ticket validation message shows as a "Validation Error" toast', async ({ page, request }) => {
  const user = await signUpViaApi(request);
  await signInUi(page, user, '/support');
  const subject = page.getByLabel('Subject');
  const description = page.getByLabel('Description');
  const category = page.getByLabel('Category');
  const submit = page.getByRole('button', { name: 'Submit Ticket' });

  const cases: [() => Promise<unknown>, string][] = [
    [() => subject.fill('   '), MESSAGES.subjectRequired],
    [() => subject.fill('s'.repeat(201)), MESSAGES.subjectTooLong],
    [() => subject.fill('Renewal question'), MESSAGES.descriptionRequired],
    [() => description.fill('d'.repeat(2001)), MESSAGES.descriptionTooLong],
    [() => description.fill('When does my certificate renew?'), MESSAGES.categoryRequired],
  ];
  for (const [change, message] of cases) {
    await change();
    await submit.click();
    await expectToast(page, 'Validation Error', message);
    await dismissToast(page);
  }
  await category.selectOption({ label: TICKET_CATEGORY_LABELS.RENEWAL });
  await submit.click();
  await expectToast(page, 'Ticket created!');
});
