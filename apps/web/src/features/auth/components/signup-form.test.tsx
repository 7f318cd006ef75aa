import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIGNUP_MESSAGES } from '@vahub/shared/auth/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SignupForm } from './signup-form';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

async function setup() {
  const onDone = vi.fn();
  const onCancel = vi.fn();
  await renderWithProviders(<SignupForm onDone={onDone} onCancel={onCancel} />);
  return { onDone, onCancel, user: userEvent.setup() };
}

const field = (name: string) => screen.getByPlaceholderText(name);

describe('sign-up form', () => {
  it('shows the spec texts and placeholders', async () => {
    await setup();
    for (const placeholder of [
      'Your company name',
      'Your first name',
      'Your last name',
      'Your email address',
      'At least 8 characters',
      'Type your password again',
    ]) {
      expect(field(placeholder)).toBeInTheDocument();
    }
    expect(screen.getByText('Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Receive promotional offers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'I already have an account' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('shows every "missing" message on an empty submit', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    for (const message of [
      SIGNUP_MESSAGES.company_required,
      SIGNUP_MESSAGES.first_name_required,
      SIGNUP_MESSAGES.last_name_required,
      SIGNUP_MESSAGES.email_required,
      SIGNUP_MESSAGES.password_required,
      SIGNUP_MESSAGES.confirmation_required,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Your first name is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the malformed email, short password and mismatch messages', async () => {
    const { user } = await setup();
    await user.type(field('Your email address'), 'not-an-email');
    await user.type(field('At least 8 characters'), 'short');
    await user.type(field('Type your password again'), 'different');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Please, enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('The password should contains at leat 8 characters')).toBeInTheDocument();
    expect(screen.getByText('The password does not match')).toBeInTheDocument();
  });

  it('cancels', async () => {
    const { user, onCancel } = await setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  async function fillValid(user: ReturnType<typeof userEvent.setup>) {
    await user.type(field('Your company name'), 'Acme');
    await user.type(field('Your first name'), 'Ada');
    await user.type(field('Your last name'), 'Lovelace');
    await user.type(field('Your email address'), 'ada@example.com');
    await user.type(field('At least 8 characters'), 'secret123');
    await user.type(field('Type your password again'), 'secret123');
    await user.click(screen.getByLabelText('Receive promotional offers'));
  }

  it('sends the registration payload with the browser time zone', async () => {
    const { user, onDone } = await setup();
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: 'ok' }), { status: 201 }));
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/register');
    expect(JSON.parse(String(init?.body))).toEqual({
      company_name: 'Acme',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      password: 'secret123',
      password_confirmation: 'secret123',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      receive_promotions: true,
    });
  });

  it('shows server 422 messages on their fields', async () => {
    const { user, onDone } = await setup();
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          type: 'about:blank',
          title: 'Validation failed',
          status: 422,
          message: 'Validation failed',
          errors: { email: [SIGNUP_MESSAGES.email_taken] },
        }),
        { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    );
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(SIGNUP_MESSAGES.email_taken)).toBeInTheDocument();
    expect(field('Your email address')).toHaveAttribute('aria-invalid', 'true');
    expect(onDone).not.toHaveBeenCalled();
  });
});
