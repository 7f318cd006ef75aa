import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SignInAndMailSection } from './sign-in-and-mail-card';

let status: unknown;
beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const body = url.pathname === '/api/v1/admin-access/sign-in-and-mail' ? status : {};
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  ),
);
afterEach(() => vi.unstubAllGlobals());

describe('Settings: single sign-on and mail accounts', () => {
  it('shows what is on, the issuer, the button’s name and the mail server', async () => {
    status = {
      sso: {
        enabled: true,
        name: 'Microsoft',
        issuer: 'https://login.example/v2.0',
        auto_create: true,
        default_role: 'va',
      },
      mail_accounts: { enabled: true, server: 'https://mail.example.org:8443', domain: null },
    };
    await renderWithProviders(<SignInAndMailSection />);
    expect(
      await screen.findByText(/“Sign in with Microsoft” · issuer https:\/\/login.example\/v2.0/),
    ).toBeInTheDocument();
    expect(screen.getByText(/new people become users with the role va/)).toBeInTheDocument();
    expect(
      screen.getByText(/Server https:\/\/mail.example.org:8443 · domain each user's own/),
    ).toBeInTheDocument();
    expect(screen.getAllByText('On')).toHaveLength(2);
  });

  it('says when both are off', async () => {
    status = {
      sso: { enabled: false, name: null, issuer: null, auto_create: false, default_role: null },
      mail_accounts: { enabled: false, server: null, domain: null },
    };
    await renderWithProviders(<SignInAndMailSection />);
    expect(await screen.findByText('Everyone signs in with email and password.')).toBeInTheDocument();
    expect(screen.getByText('Mailboxes are not managed from here.')).toBeInTheDocument();
    expect(screen.getAllByText('Off')).toHaveLength(2);
  });
});
