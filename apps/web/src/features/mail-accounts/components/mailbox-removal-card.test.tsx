import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalsHost } from '../../../app/modals-host';
import { renderWithProviders } from '../../../test/render';
import { MailboxRemovalCard } from './mailbox-removal-card';

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });

let mailOn = true;
let removal: () => Response;
const calls: Array<{ method: string; path: string }> = [];
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  calls.push({ method: init?.method ?? 'GET', path: url.pathname });
  if (url.pathname === '/api/v1/realm')
    return json(200, { mail_accounts_enabled: mailOn, sso_enabled: false });
  if (url.pathname.startsWith('/api/v1/admin-access/grommunio/')) return removal();
  return json(404, {});
});

beforeEach(() => {
  calls.length = 0;
  mailOn = true;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const render = () =>
  renderWithProviders(
    <>
      <ModalsHost />
      <MailboxRemovalCard userId={7} />
    </>,
  );

describe('mailbox removal card', () => {
  it('explains, asks for confirmation, removes user 7’s mailbox and says what was removed', async () => {
    removal = () =>
      json(200, {
        user_id: 7,
        email: 'ann@acme.test',
        domain: 'acme.test',
        files_deleted: true,
        removed_at: '2026-03-02T09:00:00Z',
      });
    await render();
    const button = await screen.findByRole('button', { name: 'Remove the mailbox' });
    expect(screen.getByText(/with all its mail and files/)).toBeInTheDocument();
    await userEvent.click(button);
    expect(await screen.findByText('Remove the mailbox?')).toBeInTheDocument();
    // Nothing is removed before the confirmation.
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove the mailbox' }),
    );
    expect(
      await screen.findByText('The mailbox ann@acme.test was removed, with its files.'),
    ).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'DELETE', path: '/api/v1/admin-access/grommunio/7' });
  });

  it('shows the server’s clear error when the user has no mailbox', async () => {
    removal = () =>
      json(
        404,
        {
          type: 'about:blank',
          title: 'Not Found',
          status: 404,
          message: 'This user has no mailbox on the mail server: nothing was removed.',
          message_code: { code: 'mail_accounts.no_mailbox' },
        },
        'application/problem+json',
      );
    await render();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the mailbox' }));
    await screen.findByText('Remove the mailbox?');
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove the mailbox' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This user has no mailbox on the mail server: nothing was removed.',
    );
  });

  it('shows nothing when the installation has no mail server', async () => {
    mailOn = false;
    await render();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/realm')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Remove the mailbox' })).not.toBeInTheDocument();
  });
});
