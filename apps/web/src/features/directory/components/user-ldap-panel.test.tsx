import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DirectoryEntry, DirectoryLink, DirectoryStatus } from '@vahub/shared/directory/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureNamespace } from '../../../lib/i18n';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { UserLdapPanel } from './user-ldap-panel';

const API = '/api/v1/admin-access';
const status = (configured: boolean): DirectoryStatus => ({
  configured,
  url: configured ? 'ldap://ldap.example.org' : null,
  bind_dn: configured ? 'cn=admin,dc=example,dc=org' : null,
  base_dn: configured ? 'dc=example,dc=org' : null,
  users_dn: configured ? 'ou=people,dc=example,dc=org' : null,
  user_filter: configured ? '(mail={email})' : null,
  start_tls: false,
  auto_create: false,
  group_roles: [],
  linked_users: 0,
  last_sync: null,
});
const entry = (o: Partial<DirectoryEntry> = {}): DirectoryEntry => ({
  dn: 'uid=ana,ou=people,dc=example,dc=org',
  email: 'ana@acme.test',
  first_name: 'Ana',
  last_name: 'Lopez',
  uid: 'ana',
  groups: ['cn=vas,ou=groups,dc=example,dc=org'],
  mapped_role: 'va',
  disabled: false,
  linked_user: null,
  linked_elsewhere: false,
  ...o,
});
const notLinked: DirectoryLink = {
  user_id: 7,
  dn: null,
  entry: null,
  entry_missing: false,
  unavailable: false,
  last_sync: null,
};

beforeAll(async () => {
  await ensureNamespace('directory');
});

describe('the ldap tab of a user', () => {
  it('explains that no directory is set up instead of failing', async () => {
    const { calls } = mockApi((url) =>
      url.pathname === `${API}/directory` ? status(false) : { status: 409, body: {} },
    );
    await renderWithProviders(<UserLdapPanel userId={7} email="ana@acme.test" />);
    expect(await screen.findByText('No directory on this installation')).toBeInTheDocument();
    // The link is never asked for: it would only answer 409.
    expect(calls.some((c) => c.url.pathname.includes('/ldap/'))).toBe(false);
  });

  it('searches by the user’s email, shows who holds each entry, and links a free one', async () => {
    let linked = false;
    const { calls } = mockApi((url, method) => {
      if (url.pathname === `${API}/directory`) return status(true);
      if (url.pathname === `${API}/ldap/users/7`)
        return linked
          ? {
              ...notLinked,
              dn: entry().dn,
              entry: entry({ linked_user: { id: 7, name: 'Ana Lopez', email: 'ana@acme.test' } }),
            }
          : notLinked;
      if (url.pathname === `${API}/ldap/search`)
        return {
          entries: [
            entry(),
            entry({ dn: 'uid=ana2,ou=people,dc=example,dc=org', linked_elsewhere: true, groups: [] }),
          ],
        };
      if (url.pathname === `${API}/ldap/associate/7` && method === 'PATCH') {
        linked = true;
        return { ...notLinked, dn: entry().dn };
      }
      return { status: 404, body: {} };
    });
    await renderWithProviders(<UserLdapPanel userId={7} email="ana@acme.test" />);
    expect(await screen.findByText(/Not linked/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create entry' })).toBeInTheDocument();

    const input = screen.getByLabelText(/Email in the directory/);
    expect(input).toHaveValue('ana@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const rows = await screen.findAllByRole('row');
    // Header + two entries; the one held in another organization cannot be linked.
    expect(rows).toHaveLength(3);
    expect(within(rows[2]).getByText("Another organization's user")).toBeInTheDocument();
    expect(within(rows[2]).queryByRole('button')).toBeNull();
    expect(calls.find((c) => c.url.pathname === `${API}/ldap/search`)?.url.searchParams.get('email')).toBe(
      'ana@acme.test',
    );

    await userEvent.click(within(rows[1]).getByRole('button', { name: /Link uid=ana,ou=people/ }));
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ dn: 'uid=ana,ou=people,dc=example,dc=org' });
    // The link is read again: the DN, the groups and the role from them.
    expect(
      await screen.findByText(/Linked: this person signs in with their directory password/),
    ).toBeInTheDocument();
    const card = screen.getByTestId('directory-link');
    expect(within(card).getByText('uid=ana,ou=people,dc=example,dc=org')).toBeInTheDocument();
    expect(within(card).getByText('cn=vas,ou=groups,dc=example,dc=org')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Unlink' })).toBeInTheDocument();
  });

  it('warns when the linked entry is gone from the directory', async () => {
    mockApi((url) => {
      if (url.pathname === `${API}/directory`) return status(true);
      if (url.pathname === `${API}/ldap/users/7`)
        return { ...notLinked, dn: 'uid=gone,ou=people,dc=example,dc=org', entry_missing: true };
      return { status: 404, body: {} };
    });
    await renderWithProviders(<UserLdapPanel userId={7} email="gone@acme.test" />);
    expect(await screen.findByText(/no longer in the directory/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create entry' })).toBeNull();
  });
});
