import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SsoError, SsoSignIn } from './sso-sign-in';

const realm = (sso: boolean) => ({
  app_name: 'VA Hub',
  version: '1',
  registration_enabled: true,
  email_verification_required: false,
  billing_enabled: false,
  ldap_enabled: false,
  sso_enabled: sso,
  sso_name: sso ? 'Acme ID' : null,
  mail_accounts_enabled: false,
  ai_enabled: false,
  default_locale: 'en',
  demo: false,
  demo_accounts: [],
});

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});
const answerRealm = (sso: boolean) =>
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify(realm(sso)), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );

describe('single sign-on on the sign-in page', () => {
  it('offers "Sign in with <name>" when the installation has SSO, linking to the server’s start', async () => {
    answerRealm(true);
    await renderWithProviders(<SsoSignIn />);
    const link = await screen.findByRole('link', { name: 'Sign in with Acme ID' });
    expect(link).toHaveAttribute('href', '/api/v1/oauth/sso/start?remember=0');
    expect(String(fetchMock.mock.calls[0][0])).toContain('/api/v1/realm');
  });

  it('shows no button when SSO is off', async () => {
    answerRealm(false);
    await renderWithProviders(<SsoSignIn />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('says why the last SSO sign-in failed, by the key the callback sent, and ignores an unknown key', async () => {
    const { rerender } = await renderWithProviders(<SsoError errorKey="email_unverified" />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your sign-in provider has not verified your email address, so it cannot be matched to an account here.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Single sign-on did not work');
    rerender(<SsoError errorKey="toString" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
