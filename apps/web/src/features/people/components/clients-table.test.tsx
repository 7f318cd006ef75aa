import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserStatus } from '@vahub/shared/auth/schemas';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ClientsTable } from './clients-table';
import { loadPeopleTexts, mockApi } from './test-utils';

beforeEach(loadPeopleTexts);
afterEach(() => vi.unstubAllGlobals());

const client = (id: number, company: string, status: UserStatus) => ({
  id,
  email: `c${id}@example.com`,
  first_name: 'C',
  last_name: String(id),
  name: `C ${id}`,
  company_name: company,
  contact_person: null,
  timezone: id === 1 ? 'Asia/Manila' : 'America/New_York',
  phone: null,
  status,
  created_at: '',
  managers: [{ id: 5, name: 'Maria Santos' }],
});

const ALL = [
  client(1, 'Active Co', 'active'),
  client(2, 'Held Co', 'onhold'),
  client(3, 'Gone Co', 'inactive'),
];

function Harness() {
  const [status, setStatus] = useState<UserStatus | undefined>();
  return (
    <ClientsTable scope="admin" status={status} onStatusChange={setStatus} userHref={(id) => `/u/${id}`} />
  );
}

describe('clients table', () => {
  it('shows the count of each status and switches the status', async () => {
    const { calls } = mockApi((url) => {
      const status = url.searchParams.get('status');
      const data = status ? ALL.filter((c) => c.status === status) : ALL;
      return {
        data,
        meta: { current_page: 1, per_page: 20, total: data.length, last_page: 1 },
        counts: { active: 4, inactive: 2, onhold: 1 },
      };
    });
    await renderWithProviders(<Harness />);
    expect(await screen.findByText('Held Co')).toBeInTheDocument();
    expect(screen.getByTestId('clients-count-all')).toHaveTextContent('7');
    expect(screen.getByTestId('clients-count-active')).toHaveTextContent('4');
    expect(screen.getByTestId('clients-count-inactive')).toHaveTextContent('2');
    expect(screen.getByTestId('clients-count-onhold')).toHaveTextContent('1');
    expect(screen.getAllByTestId('client-row')).toHaveLength(3);
    expect(screen.getByRole('img', { name: 'Philippines' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('tab', { name: /On hold/ }));
    await waitFor(() => expect(screen.getAllByTestId('client-row')).toHaveLength(1));
    expect(screen.getByText('Held Co')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /On hold/ })).toHaveAttribute('aria-selected', 'true');
    expect(calls.at(-1)?.url.searchParams.get('status')).toBe('onhold');
    const row = screen.getByTestId('client-row');
    expect(within(row).getByTestId('status-badge')).toHaveTextContent('On hold');
  });
});
