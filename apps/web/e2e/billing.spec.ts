import { type APIRequestContext, expect, type Page, test } from './fixtures';
import { apiToken, DEMO, loginAs, signIn, uniqueEmail } from './helpers';

// Billing is on in the browser tests (playwright.config.ts): the server's Stripe is the fake of the server's tests
// (apps/server/test/fake-stripe.ts), whose hosted checkout page a test pays on.
const PASSWORD = 'agency-pass-1';

/** A new agency (billing on: active in trial); answers its owner's email and name, and its id. */
async function newAgency(request: APIRequestContext) {
  const owner = uniqueEmail('trial-owner');
  const company = `Trial Agency ${Date.now()}`;
  const created = await request.post('/api/v1/register', {
    data: {
      company_name: company,
      first_name: 'Tess',
      last_name: 'Trial',
      email: owner,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      timezone: 'UTC',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { owner, company };
}

/** The super admin gives the Team plan its price at the provider, on the plans page. */
async function priceTheTeamPlan(page: Page) {
  await loginAs(page, DEMO.super_admin.email, DEMO.super_admin.dashboard);
  await page.goto('/admin-dashboard/plans');
  await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();
  const row = page.getByTestId('plan-row').filter({ hasText: /^Team/ });
  await row.getByRole('button', { name: 'Edit Team' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Price id').fill('price_e2e_team');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('price_e2e_team');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

test('an admin in trial chooses a plan, pays on the checkout page, and lands on the dashboard with the plan active', async ({
  page,
  request,
}) => {
  await priceTheTeamPlan(page);
  const agency = await newAgency(request);

  await page.goto('/auth/login');
  await signIn(page, agency.owner, PASSWORD);
  await expect(page).toHaveURL(/\/admin-dashboard$/);

  // The plans, with the trial's countdown and the current (default) plan marked.
  await page.goto('/select-subscription');
  await expect(page.getByTestId('trial-countdown')).toContainText('Your free trial ends in 14 day(s)');
  const team = page.getByTestId('plan-card').filter({ hasText: /^Team/ });
  await expect(team).toContainText('Current plan');
  await team.getByRole('button', { name: 'Choose Team' }).click();

  // What will be charged, the seats in use, then the payment.
  await expect(page).toHaveURL(/\/confirm-subscription\?plan=\d+$/);
  await expect(page.getByTestId('charge')).toHaveText(
    'You will be charged $99.00 per month until you cancel.',
  );
  await expect(page.getByText('1 of the 25 users this plan allows are in use.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  // The provider's hosted page (the fake's), then back to the app.
  await expect(page.getByRole('heading', { name: 'Fake Stripe checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_test_\w+$/);
  await expect(page.getByRole('heading', { name: 'Your plan is active' })).toBeVisible();
  await expect(page.getByText(/^Team is active until /)).toBeVisible();
  await page.getByRole('link', { name: 'Go to my dashboard' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard$/);

  // Settings → Billing says so, with the invoice of the payment.
  await page.goto('/admin-dashboard/billing');
  await expect(page.getByTestId('billing-state')).toHaveText('Active');
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Manage subscription' })).toBeEnabled();
  // Subscribed, the plans page is the dashboard's business no more.
  await page.goto('/select-subscription');
  await expect(page).toHaveURL(/\/admin-dashboard$/);
});

test('a VA of an inactive organization sees whom to ask on the contact-admin page', async ({
  page,
  request,
}) => {
  const agency = await newAgency(request);
  const ownerAuth = { Authorization: `Bearer ${await apiToken(request, agency.owner, PASSWORD)}` };
  const org = (await (await request.get('/api/v1/organization', { headers: ownerAuth })).json()) as {
    id: number;
  };
  const va = uniqueEmail('trial-va');
  const added = await request.post('/api/v1/admin-access/user', {
    headers: ownerAuth,
    data: {
      email: va,
      first_name: 'Vic',
      last_name: 'Assist',
      password: PASSWORD,
      role: 'va',
      timezone: 'UTC',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const root = { Authorization: `Bearer ${await apiToken(request, DEMO.super_admin.email)}` };
  const suspended = await request.patch(`/api/v1/super-admin-access/organizations/${org.id}`, {
    headers: root,
    data: { status: 0 },
  });
  expect(suspended.ok(), await suspended.text()).toBeTruthy();

  await page.goto('/auth/login');
  await signIn(page, va, PASSWORD);
  await expect(page).toHaveURL(/\/contact-admin$/);
  await expect(page.getByRole('heading', { name: 'Subscription inactive', level: 1 })).toBeVisible();
  await expect(page.getByTestId('owner-contact')).toContainText('Ask Tess Trial to renew it:');
  await expect(page.getByRole('link', { name: agency.owner })).toHaveAttribute(
    'href',
    `mailto:${agency.owner}`,
  );
  // The server refuses the VA's writes too (not only the app's redirect), with its own code.
  const vaAuth = { Authorization: `Bearer ${await apiToken(request, va, PASSWORD)}` };
  const clockIn = await request.post('/api/v1/va-access/attendance/clock-in', { headers: vaAuth, data: {} });
  expect(clockIn.status()).toBe(402);
  expect((await clockIn.json()).code).toBe('subscription_inactive');
});
