import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { msg } from '@vahub/shared/api/messages';
import { USER_MESSAGES } from '@vahub/shared/users/payloads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { emptyPage, loadPeopleTexts, mockApi } from './test-utils';
import { initialValues, UserForm, validateUser } from './user-form';

beforeEach(loadPeopleTexts);
afterEach(() => vi.unstubAllGlobals());

const setup = async () => {
  const api = mockApi((url, init) => {
    if (url.pathname === '/api/v1/admin-access/users') return { data: [] };
    if (init?.method === 'POST') return { id: 99, name: 'Vera Va' };
    return emptyPage;
  });
  const onDone = vi.fn();
  await renderWithProviders(<UserForm canGrantSuperAdmin={false} onDone={onDone} onCancel={() => {}} />);
  return { ...api, onDone, user: userEvent.setup({ delay: null }) };
};

const pickRole = async (user: ReturnType<typeof userEvent.setup>, role: string) => {
  await user.click(screen.getByRole('combobox', { name: 'Role' }));
  await user.click(await screen.findByRole('option', { name: role }));
};

describe('user form', { timeout: 20_000 }, () => {
  it('shows the required messages on an empty submit and sends nothing', async () => {
    const { user, calls } = await setup();
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Your first name is required')).toBeInTheDocument();
    expect(screen.getByText('Your last name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter your email, it will be required to login')).toBeInTheDocument();
    expect(screen.getByText('Choose a role')).toBeInTheDocument();
    // An invitation is the default: no password to fill in, until the admin chooses to set one.
    expect(screen.getByRole('radio', { name: /Send an invitation/ })).toBeChecked();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Set a password' }));
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(
      await screen.findByText('Enter your password with at least 8 characters, it will be required to login'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('applies the role-flag rules of the spec', async () => {
    const { user, calls, onDone } = await setup();
    await user.type(screen.getByLabelText(/First name/), 'Vera');
    await user.type(screen.getByLabelText(/Last name/), 'Va');
    await user.type(screen.getByLabelText(/Email address/), 'vera@example.com');
    await pickRole(user, 'VA');
    await user.click(screen.getByRole('checkbox', { name: 'Admin' }));
    await user.click(screen.getByRole('checkbox', { name: 'Client' }));
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText(USER_MESSAGES.admin_flag)).toBeInTheDocument();
    expect(screen.getByText(USER_MESSAGES.client_flag)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // With the role Client the Client flag is fine; the Admin flag still is not.
    await pickRole(user, 'Client');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(screen.queryByText(USER_MESSAGES.client_flag)).toBeNull());
    expect(screen.getByText(USER_MESSAGES.admin_flag)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Admin' }));
    await user.type(screen.getByLabelText('Company'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/api/v1/admin-access/user');
    expect(post?.body).toMatchObject({
      role: 'client',
      is_client: true,
      is_admin: false,
      company_name: 'Acme',
      email: 'vera@example.com',
    });
    // Invited: the server gets no password, and mails the link.
    expect(post?.body).not.toHaveProperty('password');
  });

  it('validates the flags against the role without rendering', () => {
    const base = {
      ...initialValues(),
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.co',
      password: '12345678',
    };
    expect(validateUser({ ...base, role: 'admin', is_admin: true }, 'create')).toEqual({});
    expect(validateUser({ ...base, role: 'manager', is_admin: true }, 'create')).toEqual({
      is_admin: USER_MESSAGES.admin_flag,
    });
    expect(validateUser({ ...base, role: 'admin', is_client: true }, 'create')).toEqual({
      is_client: USER_MESSAGES.client_flag,
    });
  });

  it('shows the user limit clearly', async () => {
    const message = msg(USER_MESSAGES.user_limit, { max: 25 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'POST'
          ? new Response(
              JSON.stringify({
                status: 422,
                title: 'Invalid',
                type: 'x',
                message,
                errors: { status: [message] },
              }),
              {
                status: 422,
                headers: { 'Content-Type': 'application/problem+json' },
              },
            )
          : new Response(JSON.stringify({ data: [], meta: emptyPage.meta }), { status: 200 }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    await renderWithProviders(<UserForm canGrantSuperAdmin={false} onDone={() => {}} onCancel={() => {}} />);
    await user.type(screen.getByLabelText(/First name/), 'Vera');
    await user.type(screen.getByLabelText(/Last name/), 'Va');
    await user.type(screen.getByLabelText(/Email address/), 'vera@example.com');
    await user.click(screen.getByRole('radio', { name: 'Set a password' }));
    await user.type(screen.getByLabelText(/^Password/), 'long-enough');
    await pickRole(user, 'VA');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByTestId('form-problem')).toHaveTextContent(message);
  });
});
