import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { emptyPage, loadPeopleTexts, mockApi } from './test-utils';
import { UsersScreen } from './users-screen';

function Where() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

const row = {
  id: 7,
  organization_id: 1,
  email: 'ann@example.com',
  first_name: 'Ann',
  last_name: 'Lee',
  name: 'Ann Lee',
  roles: [{ name: 'va' }],
  status: 'active',
  timezone: 'Asia/Manila',
  avatar_url: null,
  phone: null,
  position: null,
  company_name: null,
  contact_person: null,
  email_verified_at: null,
  last_login_at: null,
  created_at: '2026-01-01T00:00:00Z',
  teams: [{ id: 3, name: 'Alpha' }],
  managers: [],
};

beforeEach(loadPeopleTexts);
afterEach(() => vi.unstubAllGlobals());

describe('users screen', () => {
  it('reads its filters from the URL, sends them, and writes changes back', async () => {
    const { calls } = mockApi((url) => {
      if (url.pathname === '/api/v1/teams')
        return {
          data: [{ id: 3, name: 'Alpha', description: null, leader: null, member_count: 1, created_at: '' }],
          meta: emptyPage.meta,
        };
      if (url.pathname.endsWith('/users/paginated'))
        return { data: [row], meta: { current_page: 2, per_page: 20, total: 21, last_page: 2 } };
      return emptyPage;
    });
    await renderWithProviders(
      <>
        <UsersScreen userHref={(id) => `/u/${id}`} canGrantSuperAdmin={false} />
        <Where />
      </>,
      { route: '/?search=ann&role=va&status=active&team=3&sort=-created_at&page=2' },
    );
    expect(await screen.findByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/u/7');
    const list = calls.find((c) => c.url.pathname.endsWith('/users/paginated'));
    expect(Object.fromEntries(list?.url.searchParams ?? [])).toMatchObject({
      search: 'ann',
      role: 'va',
      status: 'active',
      team_id: '3',
      sort: '-created_at',
      page: '2',
      per_page: '20',
    });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ann');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('VA');

    // Typing waits for the pause, then goes back to page 1 and keeps the other filters.
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.clear(search);
    await user.type(search, 'bob');
    await waitFor(() => expect(screen.getByTestId('search').textContent).toContain('search=bob'));
    const params = new URLSearchParams(screen.getByTestId('search').textContent ?? '');
    expect(params.get('page')).toBeNull();
    expect(params.get('role')).toBe('va');
    expect(params.get('team')).toBe('3');
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('search') === 'bob')).toBe(true));
  });

  it('shows the empty state when nobody matches', async () => {
    mockApi(() => emptyPage);
    await renderWithProviders(<UsersScreen userHref={(id) => `/u/${id}`} canGrantSuperAdmin={false} />, {
      route: '/?search=zzz',
    });
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('Nobody matches these filters');
  });
});
