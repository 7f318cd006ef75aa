import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureNamespace, initI18n } from '../../../lib/i18n';
import { loadSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { InviteForm } from './invite-form';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

const tokens = { token_type: 'Bearer', expires_in: 900, access_token: 'a', refresh_token: 'r' };
const me = {
  id: 5,
  email: 'ivy@home.test',
  first_name: 'Ivy',
  last_name: 'Invited',
  timezone: 'UTC',
  avatar_url: null,
  phone: null,
  position: null,
  locale: null,
  time_format: null,
  receive_promotions: false,
  roles: [{ name: 'va' }],
  organization_id: 1,
  email_verified_at: '2026-01-01T00:00:00Z',
  status: 'active',
  last_login_at: null,
};

describe('the invitation page', () => {
  const fetchMock = vi.fn();
  beforeEach(async () => {
    vi.stubGlobal('fetch', fetchMock);
    await initI18n();
    await ensureNamespace('errors');
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('names the person and organization, checks the repeat, then signs in', async () => {
    fetchMock
      .mockResolvedValueOnce(
        json(200, { first_name: 'Ivy', email: 'ivy@home.test', organization_name: 'Home' }),
      )
      .mockResolvedValueOnce(json(200, { tokens, message: null }))
      .mockResolvedValueOnce(json(200, me));
    const onAccepted = vi.fn();
    await renderWithProviders(<InviteForm token="tok" onAccepted={onAccepted} />);
    expect(await screen.findByRole('heading', { name: 'Welcome, Ivy' })).toBeInTheDocument();
    expect(screen.getByText(/Home invited you to VA Hub.*ivy@home\.test/)).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Password/), 'my-own-pass-1');
    await user.type(screen.getByLabelText(/^Repeat the password/), 'something-else');
    await user.click(screen.getByRole('button', { name: 'Set my password and sign in' }));
    expect(await screen.findByText('The password does not match')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.clear(screen.getByLabelText(/^Repeat the password/));
    await user.type(screen.getByLabelText(/^Repeat the password/), 'my-own-pass-1');
    await user.click(screen.getByRole('button', { name: 'Set my password and sign in' }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledWith({ me, message: null }));
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(String(url)).toContain('/api/v1/invitations/accept');
    expect(JSON.parse(String(init.body))).toEqual({
      token: 'tok',
      password: 'my-own-pass-1',
      password_confirmation: 'my-own-pass-1',
    });
    expect(loadSession()?.token).toBe('a');
  });

  it('says why a link cannot be used, with the way to sign in', async () => {
    fetchMock.mockResolvedValueOnce(
      json(404, {
        status: 404,
        title: 'Not Found',
        message: 'This invitation link has expired. Ask your admin for a new one.',
        message_code: { code: 'invite.expired' },
      }),
    );
    await renderWithProviders(<InviteForm token="old" onAccepted={() => {}} />);
    expect(
      await screen.findByRole('heading', { name: 'This invitation link cannot be used' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This invitation link has expired.');
    expect(screen.getByRole('link', { name: 'Go to the sign-in page' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });

  it('without a token says there is no invitation', async () => {
    await renderWithProviders(<InviteForm token="" onAccepted={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This address has no invitation in it.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
