import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SetupPage } from './setup-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

const problem = (status: number, message: string, code: string, errors?: Record<string, string[]>) =>
  json({ type: 'about:blank', title: 'x', status, message, message_code: { code }, errors }, status);

async function open() {
  await renderWithProviders(
    <Routes>
      <Route path="/setup" element={<SetupPage />} />
      <Route path="/dashboard" element={<p>the dashboard</p>} />
      <Route path="/auth/login" element={<p>the sign-in page</p>} />
    </Routes>,
    { route: '/setup?token=tok-123' },
  );
  return userEvent.setup();
}

const me = {
  id: 1,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Okafor',
  roles: [{ name: 'super_admin' }],
  organization_id: 1,
  timezone: 'UTC',
};

describe('the setup page', () => {
  it('checks the link, then creates the first super admin and goes to the dashboard', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ organization_name: 'VA Hub' }))
      .mockResolvedValueOnce(
        json({ token_type: 'Bearer', expires_in: 900, access_token: 'a', refresh_token: 'r' }),
      )
      .mockResolvedValueOnce(json(me));
    const user = await open();
    const organization = await screen.findByLabelText(/Organization name/);
    expect(organization).toHaveValue('VA Hub');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ token: 'tok-123' });

    // Nothing is sent while a field is missing; each says what it needs.
    await user.click(screen.getByRole('button', { name: 'Finish setup' }));
    expect(await screen.findByText('Your first name is required')).toBeInTheDocument();
    expect(screen.getByText('Your last name is required')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.clear(organization);
    await user.type(organization, 'Northwind');
    await user.type(screen.getByLabelText(/First name/), 'Ada');
    await user.type(screen.getByLabelText(/Last name/), 'Okafor');
    await user.type(screen.getByLabelText(/Email address/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Finish setup' }));
    expect(await screen.findByText('the dashboard')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe('/api/v1/setup');
    expect(JSON.parse(String(init?.body))).toEqual({
      token: 'tok-123',
      organization_name: 'Northwind',
      first_name: 'Ada',
      last_name: 'Okafor',
      email: 'ada@example.com',
      password: 'longenough1',
    });
  });

  it('shows the server’s field messages (422) on their fields', async () => {
    fetchMock.mockResolvedValueOnce(json({ organization_name: 'VA Hub' })).mockResolvedValueOnce(
      problem(
        422,
        'This email is already registered. Sign in instead, or use another email.',
        'signup.email_taken',
        {
          email: ['This email is already registered. Sign in instead, or use another email.'],
        },
      ),
    );
    const user = await open();
    await screen.findByLabelText(/Organization name/);
    await user.type(screen.getByLabelText(/First name/), 'Ada');
    await user.type(screen.getByLabelText(/Last name/), 'Okafor');
    await user.type(screen.getByLabelText(/Email address/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Finish setup' }));
    expect(await screen.findByText(/This email is already registered/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Email address/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when the link was used, and points to npm run create-admin', async () => {
    fetchMock.mockResolvedValueOnce(
      problem(
        409,
        'This installation is already set up: its setup link was used. Sign in, or run npm run create-admin to add a super admin.',
        'setup.already_done',
      ),
    );
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This installation is already set up');
    expect(screen.getByText('npm run create-admin')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finish setup' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth/login');
  });

  it('says when the link is not valid', async () => {
    fetchMock.mockResolvedValueOnce(
      problem(
        404,
        'This setup link is not valid or has expired. Restart the server for a new link, or run npm run create-admin.',
        'setup.link_invalid',
      ),
    );
    await open();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('not valid or has expired'));
  });
});
