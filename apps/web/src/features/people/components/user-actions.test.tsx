import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalsHost } from '../../../app/modals-host';
import { renderWithProviders } from '../../../test/render';
import { loadPeopleTexts } from './test-utils';
import { useUserActions } from './user-actions';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let mailOn = true;
const calls: Array<{ method: string; path: string }> = [];
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  calls.push({ method, path: url.pathname });
  if (url.pathname === '/api/v1/realm')
    return json(200, { mail_accounts_enabled: mailOn, sso_enabled: false });
  if (url.pathname.startsWith('/api/v1/admin-access/grommunio/'))
    return json(200, {
      user_id: 7,
      email: 'ann@acme.test',
      domain: 'acme.test',
      files_deleted: true,
      removed_at: '2026-03-02T09:00:00Z',
    });
  if (method === 'DELETE') return new Response(null, { status: 204 });
  return json(200, {});
});

beforeEach(async () => {
  calls.length = 0;
  mailOn = true;
  vi.stubGlobal('fetch', fetchMock);
  await loadPeopleTexts();
});
afterEach(() => vi.unstubAllGlobals());

function Actions() {
  const actions = useUserActions();
  return (
    <>
      <button type="button" onClick={() => void actions.deleteUser({ id: 7, name: 'Ann Lee' })}>
        delete Ann
      </button>
      <button type="button" onClick={() => void actions.changeStatus({ id: 7, name: 'Ann Lee' }, 'inactive')}>
        deactivate Ann
      </button>
    </>
  );
}

async function open(which: 'delete Ann' | 'deactivate Ann') {
  await renderWithProviders(
    <>
      <ModalsHost />
      <Actions />
    </>,
  );
  await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/realm')).toBe(true));
  await userEvent.click(screen.getByRole('button', { name: which }));
  return screen.findByRole('dialog');
}

const mailboxOption = /Also remove their mailbox on the mail server/;

describe('deleting or deactivating a user, with mail accounts on', () => {
  it('offers to remove the mailbox too; ticked, the mailbox goes after the user', async () => {
    const dialog = await open('delete Ann');
    const option = within(dialog).getByRole('checkbox', { name: mailboxOption });
    expect(option).not.toBeChecked();
    await userEvent.click(option);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
        '/api/v1/admin-access/user/7',
        '/api/v1/admin-access/grommunio/7',
      ]),
    );
  });

  it('leaves the mailbox alone when the option is not ticked', async () => {
    const dialog = await open('delete Ann');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.some((c) => c.path.includes('grommunio'))).toBe(false);
  });

  it('offers it when deactivating, too', async () => {
    const dialog = await open('deactivate Ann');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: mailboxOption }));
    await userEvent.click(
      within(dialog).getAllByRole('button')[within(dialog).getAllByRole('button').length - 1],
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
        'PATCH /api/v1/admin-access/user/7',
        'DELETE /api/v1/admin-access/grommunio/7',
      ]),
    );
  });

  it('does not offer it when the installation has no mail server', async () => {
    mailOn = false;
    const dialog = await open('delete Ann');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
