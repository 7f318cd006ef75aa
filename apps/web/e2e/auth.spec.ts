import { expect, test } from './fixtures';
import { DEMO, loginAs, signIn, uniqueEmail } from './helpers';

test.describe('sign in', () => {
  for (const [role, account] of Object.entries(DEMO)) {
    test(`${role} lands on their dashboard`, async ({ page }) => {
      await loginAs(page, account.email, account.dashboard);
      await expect(page.getByRole('heading', { level: 1, name: /Welcome,/ })).toBeVisible();
      await expect(page.getByTestId('dashboard-org')).not.toHaveText('…');
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    });
  }

  test('a demo account fills the form in one click', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByRole('button', { name: /^manager@example\.com/ }).click();
    await expect(page.getByLabel('Email address')).toHaveValue('manager@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/manager-dashboard$/);
  });

  test('wrong password shows an error in the form', async ({ page }) => {
    await page.goto('/auth/login');
    await signIn(page, DEMO.va.email, 'wrong-password');
    await expect(page.getByRole('alert').filter({ hasText: 'incorrect' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('a visitor is sent to login and returns to the asked page', async ({ page }) => {
    await page.goto('/va-dashboard/profile?tab=1');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fva-dashboard%2Fprofile%3Ftab%3D1$/);
    await signIn(page, DEMO.va.email);
    await expect(page).toHaveURL(/\/va-dashboard\/profile\?tab=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  });

  test('/dashboard leads to the role dashboard and other dashboards are closed', async ({ page }) => {
    await loginAs(page, DEMO.client.email, DEMO.client.dashboard);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/client-dashboard$/);
    await page.goto('/admin-dashboard/outbox');
    await expect(page).toHaveURL(/\/client-dashboard$/);
  });

  test('a 401 mid-session logs out to the sign-in screen', async ({ page }) => {
    await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await page.evaluate(() => {
      const raw = localStorage.getItem('session') ?? '{}';
      const session = JSON.parse(raw) as { token: string; tokenExpire: number };
      session.token = 'corrupted-token';
      session.tokenExpire = Math.floor(Date.now() / 1000) + 3600;
      localStorage.setItem('session', JSON.stringify(session));
    });
    // Saving calls the API with the broken token; a background call (the notification bell's count) may meet the
    // 401 first and sign out before the click lands: either way the next screen is the sign-in.
    await page
      .getByRole('button', { name: 'Save' })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  });

  test('logout from the user menu', async ({ page }) => {
    await loginAs(page, DEMO.manager.email, DEMO.manager.dashboard);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});

test('sign up without a mail server: verified at once, then straight to the admin dashboard', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('signup');
  await page.goto('/auth/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Join Us Now.' })).toBeVisible();
  // This server has no SMTP_URL: the page says the email needs no verification.
  await expect(page.getByTestId('signup-no-verification')).toContainText('counts as verified at once');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Company name is required')).toBeVisible();

  await page.getByPlaceholder('Your company name').fill('E2E Agency');
  await page.getByPlaceholder('Your first name').fill('Eve');
  await page.getByPlaceholder('Your last name').fill('Tester');
  await page.getByPlaceholder('Your email address').fill(email);
  // A common password is refused by the server, on its field.
  await page.getByPlaceholder('At least 8 characters').fill('password123');
  await page.getByPlaceholder('Type your password again').fill('password123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('This password is one of the most common ones')).toBeVisible();

  await page.getByPlaceholder('At least 8 characters').fill('secret-pass-1');
  await page.getByPlaceholder('Type your password again').fill('secret-pass-1');
  await page.getByLabel('Receive promotional offers').check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText('Your account was created. You can sign in now.')).toBeVisible();

  // The same address again answers exactly the same (no one learns it is taken); its owner gets a mail.
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const again = await visitor.newPage();
  await again.goto('/auth/signup');
  await again.getByPlaceholder('Your company name').fill('Other');
  await again.getByPlaceholder('Your first name').fill('Eve');
  await again.getByPlaceholder('Your last name').fill('Again');
  await again.getByPlaceholder('Your email address').fill(email);
  await again.getByPlaceholder('At least 8 characters').fill('another-pass-1');
  await again.getByPlaceholder('Type your password again').fill('another-pass-1');
  await again.getByRole('button', { name: 'Sign Up' }).click();
  await expect(again).toHaveURL(/\/auth\/login$/);
  await expect(again.getByText('Your account was created. You can sign in now.')).toBeVisible();
  await visitor.close();

  await signIn(page, email, 'secret-pass-1');
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(page.getByTestId('dashboard-org')).toHaveText('E2E Agency');
});

test('the super admin reads the mail outbox', async ({ page }) => {
  await loginAs(page, DEMO.super_admin.email, DEMO.super_admin.dashboard);
  await page.getByRole('link', { name: 'Mail outbox' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard\/outbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mail outbox' })).toBeVisible();
  const rows = page.getByTestId('outbox-row');
  await expect(rows.first()).toBeVisible();
  await rows.first().getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByTestId('outbox-body')).not.toBeEmpty();
});
