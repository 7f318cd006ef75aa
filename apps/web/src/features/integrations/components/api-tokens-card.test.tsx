import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalsHost } from '../../../app/modals-host';
import { ensureNamespace, initI18n } from '../../../lib/i18n';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { ApiTokensCard } from './api-tokens-card';
import { CalendarFeedsCard } from './calendar-feeds-card';
import { TokenDialog } from './token-dialog';

const SECRET = `vah_${'s3cret'.repeat(7)}x`;
const listed = {
  id: 3,
  name: 'Payroll script',
  scopes: ['read'],
  prefix: 'vah_s3cret12',
  created_at: '2026-03-01T09:00:00Z',
  last_used_at: null,
  expires_at: null,
  revoked_at: null,
};

describe('API tokens', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await initI18n();
    await ensureNamespace('integrations');
    await ensureNamespace('errors');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('creates a token with its name, scopes and expiry, and shows it once with a copy button', async () => {
    const { calls } = mockApi((url, method, body) => {
      if (url.pathname === '/api/v1/tokens' && method === 'POST')
        return { status: 201, body: { ...listed, ...(body as object), id: 9, token: SECRET } };
      return { body: { data: [] } };
    });
    const onClose = vi.fn();
    await renderWithProviders(
      <TokenDialog opened onClose={onClose} now={() => new Date('2026-03-02T09:00:00Z')} />,
    );
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Name/), 'Payroll script');
    await user.click(screen.getByLabelText('Write: every request you may make'));
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByTestId('new-token');
    expect(shown).toHaveValue(SECRET);
    expect(screen.getByText(/you will not see it again/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Payroll script',
      scopes: ['read', 'write'],
      expires_at: '2026-05-31T09:00:00.000Z',
    });

    // Closed, then opened again: the token is gone for good.
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it('asks for a name and a scope before calling the API', async () => {
    const { calls } = mockApi(() => ({ body: { data: [] } }));
    await renderWithProviders(<TokenDialog opened onClose={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByLabelText('Read: GET requests only'));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Give the token a name.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one scope.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's field message (an expiry refused)", async () => {
    mockApi((_url, method) => {
      if (method === 'POST')
        return {
          status: 422,
          body: {
            type: 'about:blank',
            title: 'Unprocessable Content',
            status: 422,
            message: 'The expiry must be in the future.',
            errors: { expires_at: ['The expiry must be in the future.'] },
          },
        };
      return { body: { data: [] } };
    });
    await renderWithProviders(<TokenDialog opened onClose={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Name/), 'x');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('The expiry must be in the future.')).toBeInTheDocument();
    expect(screen.queryByTestId('new-token')).not.toBeInTheDocument();
  });

  it('lists tokens without the secret and revokes one only after a confirmation', async () => {
    const { calls } = mockApi((_url, method) => {
      if (method === 'DELETE') return { status: 204, body: null };
      return { body: { data: [listed] } };
    });
    await renderWithProviders(
      <>
        <ModalsHost />
        <ApiTokensCard />
      </>,
    );
    const card = await screen.findByTestId('api-tokens');
    expect(await within(card).findByText('Payroll script')).toBeInTheDocument();
    expect(within(card).getByText('vah_s3cret12…')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Revoke: Payroll script' }));
    expect(await screen.findByText(/stops working at once/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe('/api/v1/tokens/3');
  });

  it('shows an empty state', async () => {
    mockApi(() => ({ body: { data: [] } }));
    await renderWithProviders(<ApiTokensCard />);
    expect(await screen.findByText('No API token yet.')).toBeInTheDocument();
  });
});

describe('calendar feeds', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await initI18n();
    await ensureNamespace('integrations');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the links and resets one after a confirmation', async () => {
    const url = 'http://localhost/api/v1/calendar/abc.ics';
    const { calls } = mockApi((_u, method) => {
      if (method === 'POST')
        return { body: { kind: 'shifts', url: 'http://localhost/api/v1/calendar/new.ics', created_at: '' } };
      return { body: { data: [{ kind: 'shifts', url, created_at: '2026-03-01T00:00:00Z' }] } };
    });
    await renderWithProviders(
      <>
        <ModalsHost />
        <CalendarFeedsCard />
      </>,
    );
    expect(await screen.findByLabelText('My shifts')).toHaveValue(url);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Reset link: My shifts' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/current link stops working/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.url.pathname).toBe('/api/v1/calendar-feeds/shifts/reset');
  });
});
