import { type APIRequestContext, expect, test } from './fixtures';
import { apiToken, DEMO, loginAs, signIn, uniqueEmail } from './helpers';

const PASSWORD = 'agency-pass-1';

/** A freshly registered agency (verified at once: the e2e server has no mail server), suspended by the super admin. */
async function suspendedAgency(request: APIRequestContext, suspend = true) {
  const owner = uniqueEmail('owner');
  const company = `Lapsed Agency ${Date.now()}`;
  const created = await request.post('/api/v1/register', {
    data: {
      company_name: company,
      first_name: 'Olive',
      last_name: 'Owner',
      email: owner,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      timezone: 'Asia/Manila',
    },
  });
  expect(created.status()).toBe(201);
  const ownerToken = await apiToken(request, owner, PASSWORD);
  const auth = { Authorization: `Bearer ${ownerToken}` };
  const org = (await (await request.get('/api/v1/organization', { headers: auth })).json()) as { id: number };

  const va = uniqueEmail('va');
  const added = await request.post('/api/v1/admin-access/user', {
    headers: auth,
    data: {
      email: va,
      first_name: 'Vera',
      last_name: 'Assist',
      password: PASSWORD,
      role: 'va',
      timezone: 'Asia/Manila',
    },
  });
  expect(added.status(), await added.text()).toBe(201);

  const root = { Authorization: `Bearer ${await apiToken(request, DEMO.super_admin.email)}` };
  const setStatus = async (status: 0 | 1) => {
    const res = await request.patch(`/api/v1/super-admin-access/organizations/${org.id}`, {
      headers: root,
      data: { status },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  };
  if (suspend) await setStatus(0);
  return { owner, va, company, setStatus };
}

test('an inactive subscription sends the admin to choose a plan, and everyone else to contact their admin', async ({
  page,
  request,
}) => {
  const agency = await suspendedAgency(request);

  await page.goto('/auth/login');
  await signIn(page, agency.owner, PASSWORD);
  await expect(page).toHaveURL(/\/select-subscription$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const plan of ['Starter', 'Team', 'Agency', 'Enterprise'])
    await expect(page.getByRole('heading', { name: new RegExp(`^${plan}`), level: 2 })).toBeVisible();
  // Every dashboard is closed while the subscription is inactive.
  await page.goto('/admin-dashboard');
  await expect(page).toHaveURL(/\/select-subscription$/);

  // Once reactivated, the same page leads back to the admin dashboard.
  await agency.setStatus(1);
  await page.goto('/select-subscription');
  await expect(page).toHaveURL(/\/admin-dashboard$/);

  // A VA of the same agency signs in on this browser while it is active; then it is suspended.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto('/auth/login');
  await signIn(page, agency.va, PASSWORD);
  await expect(page).toHaveURL(/\/va-dashboard$/);
  await agency.setStatus(0);
  await page.goto('/va-dashboard');
  await expect(page).toHaveURL(/\/contact-admin$/);
  await expect(
    page.getByText("Your organization's subscription is not active. Please contact your administrator."),
  ).toBeVisible();

  // Signing in again leads there too: the server lets them in to read (issue 27), the gate says whom to ask.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto('/auth/login');
  await signIn(page, agency.va, PASSWORD);
  await expect(page).toHaveURL(/\/contact-admin$/);
  await expect(page.getByTestId('owner-contact')).toContainText(agency.owner);
});

test('a super admin suspends an agency from the organizations page', async ({ page, request }) => {
  const agency = await suspendedAgency(request, false);
  await loginAs(page, DEMO.super_admin.email, DEMO.super_admin.dashboard);
  await page.goto(`/admin-dashboard/organizations?search=${encodeURIComponent(agency.company)}`);
  const row = page.getByTestId('org-row').filter({ hasText: agency.company });
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Edit ${agency.company}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Subscription active').uncheck({ force: true });
  await dialog.getByLabel('User limit').fill('3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Inactive');
  await expect(row).toContainText('/ 3');

  // The agency's admin now meets the plan chooser.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto('/auth/login');
  await signIn(page, agency.owner, PASSWORD);
  await expect(page).toHaveURL(/\/select-subscription$/);
});
