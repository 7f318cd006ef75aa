import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ManagersDialog } from './managers-dialog';
import { loadPeopleTexts, mockApi } from './test-utils';

beforeEach(loadPeopleTexts);
afterEach(() => vi.unstubAllGlobals());

const managers = [
  {
    id: 5,
    name: 'Maria Santos',
    email: 'm@example.com',
    roles: [{ name: 'manager' }],
    status: 'active',
    timezone: 'UTC',
  },
  {
    id: 6,
    name: 'Liam Turner',
    email: 'l@example.com',
    roles: [{ name: 'manager' }],
    status: 'active',
    timezone: 'UTC',
  },
];

async function setup(current: { id: number; name: string }[]) {
  const api = mockApi((url, init) =>
    init?.method === 'POST'
      ? { client_id: 1, managers: [] }
      : url.pathname.endsWith('/users')
        ? { data: managers }
        : {},
  );
  const onClose = vi.fn();
  await renderWithProviders(
    <ManagersDialog client={{ id: 1, name: 'Acme', managers: current }} onClose={onClose} />,
  );
  const posts = () => api.calls.filter((c) => c.method === 'POST');
  return { ...api, posts, onClose, user: userEvent.setup() };
}

describe('managers dialog', () => {
  it('sends no request for an empty choice', async () => {
    const { user, posts, onClose } = await setup([]);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(onClose).toHaveBeenCalled();
    expect(posts()).toHaveLength(0);
  });

  it('sends no request when nothing changed', async () => {
    const { user, posts, onClose } = await setup([{ id: 5, name: 'Maria Santos' }]);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(onClose).toHaveBeenCalled();
    expect(posts()).toHaveLength(0);
  });

  it('sends the chosen managers', async () => {
    const { user, posts, onClose } = await setup([{ id: 5, name: 'Maria Santos' }]);
    await user.click(screen.getByRole('combobox', { name: 'Managers' }));
    await user.click(await screen.findByRole('option', { name: 'Liam Turner' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts()).toHaveLength(1);
    expect(posts()[0].url.pathname).toBe('/api/v1/admin-access/client/1/managers');
    expect(posts()[0].body).toEqual({ manager_ids: [5, 6] });
  });
});
