import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { DEMO, loginAs } from './helpers';

test('a VA makes an API token in the profile, calls the API with it, and revokes it', async ({
  page,
  request,
}) => {
  await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
  await page.getByRole('link', { name: 'Integrations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();

  const name = `e2e script ${Date.now()}`;
  await page.getByRole('button', { name: 'New token' }).click();
  await page.getByLabel(/^Name/).fill(name);
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText(/you will not see it again/)).toBeVisible();
  const token = await page.getByTestId('new-token').inputValue();
  expect(token).toMatch(/^vah_/);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(page.getByText(token)).toHaveCount(0);

  const me = await request.get('/api/v1/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { email: string }).email).toBe(DEMO.va.email);
  expect(me.headers()['ratelimit-limit']).toBeTruthy();
  // Read-only by default: a write is refused.
  const write = await request.patch('/api/v1/me', {
    headers: { Authorization: `Bearer ${token}` },
    data: { phone: '+1 555 0100' },
  });
  expect(write.status()).toBe(403);

  await page.getByRole('button', { name: `Revoke: ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) }).getByText('Revoked')).toBeVisible();
  const after = await request.get('/api/v1/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);

  // The calendar link is there to copy.
  const link = page.getByRole('textbox', { name: 'My shifts' });
  await expect(link).toHaveValue(/\/api\/v1\/calendar\/[\w-]+\.ics$/);
  const feed = await request.get(new URL(await link.inputValue()).pathname);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
  // The Developers page shows a call with a token and the signature check.
  await page.getByRole('link', { name: 'Developers' }).click();
  await expect(page.getByText('Authorization: Bearer vah_YOUR_TOKEN', { exact: false })).toBeVisible();
  await expect(page.getByText('verifyVahubSignature', { exact: false }).first()).toBeVisible();
});

test("axe: the integrations and developers pages; the admin's list of the organization's tokens", async ({
  page,
}) => {
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  for (const path of ['/admin-dashboard/profile/integrations', '/admin-dashboard/developers']) {
    await expectAccessible(page, path);
  }
  await expect(page.getByRole('heading', { name: "The organization's API tokens" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the API reference' })).toHaveAttribute(
    'href',
    '/api/docs',
  );
});
