import { expect, type Page, test } from './fixtures';

// Single sign-on against the OpenID provider the config starts (apps/server/test/oidc-issuer.ts): its development
// sign-in page takes any login it knows ("demo-va" is the demo's VA, verified; "unverified" is the demo's manager,
// whose email the issuer has not verified; "stranger" has no account here) and any password.

async function signInAtIssuer(page: Page, login: string) {
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Sign in with Demo ID' }).click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  // The issuer asks once per account and client for consent.
  const consent = page.getByRole('button', { name: 'Continue' });
  if (await consent.isVisible().catch(() => false)) await consent.click();
}

test.describe('single sign-on', () => {
  test('the demo VA signs in with the issuer and lands on their dashboard', async ({ page }) => {
    await signInAtIssuer(page, 'demo-va');
    await expect(page).toHaveURL(/\/va-dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: /Welcome,/ })).toBeVisible();
    // The session is a normal one: a reload keeps it.
    await page.reload();
    await expect(page).toHaveURL(/\/va-dashboard$/);
  });

  test('an email the issuer has not verified is refused with a clear message on the sign-in page', async ({
    page,
  }) => {
    await signInAtIssuer(page, 'unverified');
    await expect(page).toHaveURL(/\/auth\/login\?sso_error=email_unverified$/);
    await expect(page.getByRole('alert', { name: 'Single sign-on did not work' })).toContainText(
      'has not verified your email address',
    );
  });

  test('a person without an account here is told so', async ({ page }) => {
    await signInAtIssuer(page, 'stranger');
    await expect(page).toHaveURL(/\/auth\/login\?sso_error=no_account$/);
    await expect(page.getByRole('alert', { name: 'Single sign-on did not work' })).toContainText(
      'No account here has this email address',
    );
  });
});
