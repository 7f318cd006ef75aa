import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LoginForm } from './login-form';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const problem = (status: number, body: Record<string, unknown>) =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Error', status, ...body }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });

async function setup() {
  const onSuccess = vi.fn();
  await renderWithProviders(<LoginForm onSuccess={onSuccess} />);
  const user = userEvent.setup();
  const signIn = async (email: string, password: string) => {
    await user.type(screen.getByLabelText(/Email address/), email);
    await user.type(screen.getByPlaceholderText('Your password'), password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
  };
  return { onSuccess, user, signIn };
}

describe('sign-in form', () => {
  it('checks the fields before sending anything', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email address/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please, enter a valid email')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the password grant, then reads the profile', async () => {
    const { onSuccess, signIn } = await setup();
    const me = { id: 3, email: 'amy@example.com', roles: [{ name: 'admin' }], organization_id: 1 };
    fetchMock
      .mockResolvedValueOnce(
        new Response(
          JSON.stringify({ token_type: 'Bearer', expires_in: 900, access_token: 'a', refresh_token: 'r' }),
          { status: 200 },
        ),
      )
      .mockResolvedValueOnce(new Response(JSON.stringify(me), { status: 200 }));
    await signIn('amy@example.com', 'secret-1');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(me));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/oauth/token');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      grant_type: 'password',
      client_id: 'web-app',
      username: 'amy@example.com',
      password: 'secret-1',
    });
    expect(fetchMock.mock.calls[1][0]).toBe('/api/v1/me');
  });

  it("says the server's refusal by its code, parameters included", async () => {
    const { onSuccess, signIn } = await setup();
    fetchMock.mockResolvedValueOnce(
      problem(429, {
        message: 'Too many failed sign-in attempts. Try again in 15 minute(s).',
        message_code: { code: 'auth.too_many_sign_ins', params: { minutes: 15 } },
      }),
    );
    await signIn('amy@example.com', 'wrong-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed sign-in attempts. Try again in 15 minute(s).',
    );
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
