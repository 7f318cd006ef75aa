import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DirectoryStatus, DirectorySync } from '@vahub/shared/directory/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureNamespace } from '../../../lib/i18n';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { DirectorySettingsCard } from './directory-settings-card';

const API = '/api/v1/admin-access/directory';
const sync: DirectorySync = {
  id: 4,
  trigger: 'manual',
  started_at: '2026-03-02T09:00:00Z',
  finished_at: '2026-03-02T09:00:01Z',
  checked: 3,
  deactivated: [{ user_id: 5, name: 'Nora New', reason: 'gone' }],
  updated: [{ user_id: 6, name: 'Ana Lopez-Diaz', fields: ['last_name', 'email'] }],
  roles_changed: [{ user_id: 7, name: 'Ben Okafor', before: ['va'], after: ['manager'] }],
  skipped: [],
  failure: null,
};
const status: DirectoryStatus = {
  configured: true,
  url: 'ldap://ldap.example.org',
  bind_dn: 'cn=admin,dc=example,dc=org',
  base_dn: 'dc=example,dc=org',
  users_dn: 'ou=people,dc=example,dc=org',
  user_filter: '(mail={email})',
  start_tls: true,
  auto_create: false,
  group_roles: [{ group_dn: 'cn=vas,ou=groups,dc=example,dc=org', role: 'va' }],
  linked_users: 3,
  last_sync: null,
};

beforeAll(async () => {
  await ensureNamespace('directory');
});

describe('Settings → Directory', () => {
  it('shows the connection, tests it, syncs and shows what the sync changed', async () => {
    let synced = false;
    const { calls } = mockApi((url, method) => {
      if (url.pathname === API) return synced ? { ...status, last_sync: sync } : status;
      if (url.pathname === `${API}/test` && method === 'POST')
        return { ok: false, message: 'The directory (LDAP) could not be reached.', elapsed_ms: 12 };
      if (url.pathname === `${API}/sync` && method === 'POST') {
        synced = true;
        return sync;
      }
      return { status: 404, body: {} };
    });
    await renderWithProviders(<DirectorySettingsCard />);
    expect(await screen.findByText('ldap://ldap.example.org')).toBeInTheDocument();
    expect(screen.getByText('cn=admin,dc=example,dc=org')).toBeInTheDocument();
    expect(screen.getByText('Not synced yet. The sync runs every night.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    const result = await screen.findByRole('status');
    expect(within(result).getByText('Connection failed (12 ms)')).toBeInTheDocument();
    expect(within(result).getByText('The directory (LDAP) could not be reached.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    const last = await screen.findByTestId('directory-last-sync');
    expect(within(last).getByText(/3 checked, 1 deactivated, 1 updated, 1 role changes/)).toBeInTheDocument();
    expect(within(last).getByText('Nora New: deactivated (entry removed)')).toBeInTheDocument();
    expect(within(last).getByText('Ben Okafor: va → manager')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      `${API}/test`,
      `${API}/sync`,
    ]);
  });

  it('explains how to turn the directory on when it is off', async () => {
    mockApi(() => ({ ...status, configured: false, url: null }));
    await renderWithProviders(<DirectorySettingsCard />);
    expect(await screen.findByText(/No directory \(LDAP\) is set up/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Test connection' })).toBeNull();
  });
});
