import { expect, test } from './fixtures';
import { apiToken, DEMO, DEMO_PASSWORD, loginAs, uniqueEmail } from './helpers';

// Data export and erasure (issue 33): a VA's "Download my data" and an admin erasing a person who left.

test('a VA downloads their data from the profile: progress, then a ZIP', async ({ page, request }) => {
  await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
  await page.goto('/va-dashboard/profile');
  const card = page.getByTestId('data-export');
  await card.getByRole('button', { name: 'Download my data' }).click();
  const link = card.getByRole('link', { name: /^Download my-data_.+\.zip$/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const file = await request.get((await link.getAttribute('href')) as string);
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 2).toString()).toBe('PK');
});

test("an admin erases a person's personal data, confirmed by typing their name", async ({
  page,
  request,
}) => {
  const auth = { Authorization: `Bearer ${await apiToken(request, DEMO.admin.email)}` };
  const email = uniqueEmail('erase-va');
  const added = await request.post('/api/v1/admin-access/user', {
    headers: auth,
    data: {
      email,
      first_name: 'Leaving',
      last_name: 'Person',
      role: 'va',
      password: DEMO_PASSWORD,
      timezone: 'UTC',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { id } = (await added.json()) as { id: number };

  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  await page.goto(`/admin-dashboard/users/${id}/security`);
  await page.getByRole('button', { name: 'Erase personal data' }).click();
  const dialog = page.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Erase for good' });
  await dialog.getByLabel('Type Leaving Person to confirm').fill('Leaving Persson');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type Leaving Person to confirm').fill('Leaving Person');
  await confirm.click();
  await expect(
    page.getByText(/Personal data erased\. The person shows as Erased person [0-9a-f]{6}/),
  ).toBeVisible();
  const after = await request.get(`/api/v1/admin-access/user/${id}`, { headers: auth });
  const body = await after.text();
  expect(body).not.toContain('Leaving Person');
  expect(body).not.toContain(email);
});
