import { type APIRequestContext, expect, type Page } from './fixtures';

export const DEMO_PASSWORD = 'demo12345';

export const DEMO = {
  super_admin: { email: 'superadmin@example.com', dashboard: '/admin-dashboard' },
  admin: { email: 'admin@example.com', dashboard: '/admin-dashboard' },
  manager: { email: 'manager@example.com', dashboard: '/manager-dashboard' },
  client: { email: 'client@example.com', dashboard: '/client-dashboard' },
  va: { email: 'va@example.com', dashboard: '/va-dashboard' },
} as const;

/** Fills the sign-in form (on /auth/login) and submits it. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, remember = true) {
  await page.getByLabel('Email address').fill(email);
  await page.getByPlaceholder('Your password').fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function loginAs(page: Page, email: string, landing: string) {
  await page.goto('/auth/login');
  await signIn(page, email);
  await expect(page).toHaveURL(new RegExp(`${landing}$`));
}

export async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await request.post('/oauth/token', {
    data: {
      grant_type: 'password',
      client_id: 'web-app',
      client_secret: process.env.VITE_OAUTH_CLIENT_SECRET ?? 'web-app-secret',
      username: email,
      password,
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The verification link of the newest mail to `email`, read from the super admin outbox. */
export async function verificationLink(request: APIRequestContext, email: string): Promise<string> {
  const token = await apiToken(request, DEMO.super_admin.email);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/v1/super-admin-access/outbox?page=1&per_page=100', {
          headers: { Authorization: `Bearer ${token}` },
        });
        const body = (await res.json()) as { data: Mail[] };
        const mail = body.data.find((m) => m.to.toLowerCase().includes(email.toLowerCase()));
        link = mail?.text.match(/https?:\/\/\S+email\/verify\S*/)?.[0];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link as string;
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
