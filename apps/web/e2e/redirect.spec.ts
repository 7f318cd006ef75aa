import { expect, test } from './fixtures';
import { DEMO, signIn } from './helpers';

// Spec §2 "Redirect destinations": a visitor asking for a page goes to /auth/login with a redirect query
// holding the full target path, and signing in leads back to exactly that path and query.
test.describe('sign-in redirect', () => {
  test('a deep admin link survives signing in', async ({ page }) => {
    await page.goto('/admin-dashboard/users?tab=x');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fadmin-dashboard%2Fusers%3Ftab%3Dx$/);
    await signIn(page, DEMO.admin.email);
    await expect(page).toHaveURL(/\/admin-dashboard\/users\?tab=x$/);
  });

  for (const target of ['//evil.example', 'https://evil.example/x', '/\\evil.example']) {
    test(`a redirect to ${target} is ignored`, async ({ page }) => {
      await page.goto(`/auth/login?redirect=${encodeURIComponent(target)}`);
      await signIn(page, DEMO.admin.email);
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/admin-dashboard$/);
    });
  }
});
