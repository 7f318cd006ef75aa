import { existsSync } from 'node:fs';
import { expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { apiToken, DEMO, DEMO_PASSWORD, loginAs, signIn } from './helpers';

// The directory against the slapd that playwright.config.ts starts (e2e/slapd-server.mjs) with one person: Dewi
// Lestari, a demo VA no other spec signs in with. The spec unlinks her at the end, so the demo is as it was.
const DEWI = { email: 'dewi.lestari@va.example.com', password: 'dewi-directory-pw-1' };
const DN = 'uid=dewi,ou=people,dc=example,dc=org';

// Skipped only where Debian's slapd is missing (playwright.config.ts then starts no directory); CI installs it.
test.skip(!existsSync('/usr/sbin/slapd'), 'Debian slapd is not installed: the directory is off here');

let dewiId = 0;
let adminToken = '';

test.beforeAll(async ({ request }) => {
  adminToken = await apiToken(request, DEMO.admin.email);
  const res = await request.get(
    `/api/v1/admin-access/users/paginated?search=${encodeURIComponent(DEWI.email)}`,
    {
      headers: { Authorization: `Bearer ${adminToken}` },
    },
  );
  const body = (await res.json()) as { data: Array<{ id: number; email: string }> };
  dewiId = body.data.find((u) => u.email === DEWI.email)?.id ?? 0;
  expect(dewiId, 'the demo has Dewi Lestari').toBeGreaterThan(0);
});

test.afterAll(async ({ request }) => {
  // Whatever happened above, Dewi leaves unlinked (404: she already is).
  await request.delete(`/api/v1/admin-access/ldap/${dewiId}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
  });
});

test('an admin links a demo VA to her directory entry; she signs in with the directory password', async ({
  page,
  browser,
}) => {
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  await page.goto(`/admin-dashboard/users/${dewiId}/ldap`);
  await expect(page.getByRole('tab', { name: 'Directory' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Not linked: this person signs in with the password set here.')).toBeVisible();
  await expectNoSeriousViolations(page, 'users/:id/ldap');

  // The search starts from her email; her entry is free: link it.
  await expect(page.getByLabel(/Email in the directory/)).toHaveValue(DEWI.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Link ${DN}` }).click();
  const link = page.getByTestId('directory-link');
  await expect(link.getByText(/Linked: this person signs in with their directory password/)).toBeVisible();
  await expect(link.getByText(DN)).toBeVisible();

  // Dewi, in her own browser: the demo password no longer works, the directory's does.
  const context = await browser.newContext();
  const dewi = await context.newPage();
  await dewi.goto('/auth/login');
  await signIn(dewi, DEWI.email, DEMO_PASSWORD);
  await expect(dewi.getByRole('alert').filter({ hasText: 'incorrect' })).toBeVisible();
  await expect(dewi).toHaveURL(/\/auth\/login/);
  await signIn(dewi, DEWI.email, DEWI.password);
  await expect(dewi).toHaveURL(/\/va-dashboard$/);
  // Her security page says whose password it is.
  await dewi.goto('/va-dashboard/profile/security');
  await expect(dewi.getByTestId('directory-password')).toBeVisible();
  await context.close();

  // The admin unlinks her (with a confirmation); the entry stays in the directory.
  await link.getByRole('button', { name: 'Unlink' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(DN)).toBeVisible();
  await dialog.getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByText('Not linked: this person signs in with the password set here.')).toBeVisible();
});

test('Settings → Directory shows the connection without its password and tests it', async ({ page }) => {
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  await page.goto('/admin-dashboard/settings');
  const card = page.getByTestId('directory-settings');
  await expect(card.getByText('cn=admin,dc=example,dc=org')).toBeVisible();
  await expect(card).not.toContainText('slapd-admin-secret');
  await card.getByRole('button', { name: 'Test connection' }).click();
  await expect(card.getByRole('status')).toContainText('Connection works');
  await expectNoSeriousViolations(page, 'settings (directory)');
});
