import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Contract } from '@vahub/shared/contracts/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureNamespace, initI18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { MultiplyDialog } from './multiply-dialog';

const person = (id: number, name: string) => ({
  id,
  name,
  first_name: name,
  last_name: '',
  email: `${name.toLowerCase()}@example.com`,
  timezone: 'Asia/Manila',
  avatar_url: null,
  company_name: null,
});

const contract = {
  id: 9,
  va_id: 1,
  client_id: 2,
  title: 'Inbox',
  status: 'active',
  va: person(1, 'Ana'),
  client: person(2, 'Claire'),
} as unknown as Contract;

const vaInput = () =>
  screen.getAllByLabelText('Virtual assistants').find((el) => el.tagName === 'INPUT') as HTMLElement;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('MultiplyDialog', () => {
  const fetchMock = vi.fn();
  beforeEach(async () => {
    vi.stubGlobal('fetch', fetchMock);
    await initI18n();
    await ensureNamespace('contracts');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('lists the VAs it could not copy to, from the errors object, beside the ones it did', async () => {
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/v1/admin-access/users')) {
        return json({
          data: [
            { id: 3, name: 'Ben', email: 'ben@example.com', roles: [], status: 'active', timezone: 'UTC' },
            { id: 4, name: 'Cora', email: 'cora@example.com', roles: [], status: 'active', timezone: 'UTC' },
          ],
        });
      }
      expect(url).toBe('/api/v1/admin-access/contracts/9/multiply');
      expect(JSON.parse(String(init?.body))).toEqual({ va_ids: [3, 4] });
      return json({
        data: [{ ...contract, id: 10, va_id: 3, va: person(3, 'Ben') }],
        errors: { '4': ['This VA already has a contract with the client.'] },
      });
    });
    await renderWithProviders(<MultiplyDialog contract={contract} onClose={() => {}} />);
    await screen.findByText('Copy contract to other VAs');
    const box = vaInput();
    await userEvent.click(box);
    await userEvent.click(await screen.findByRole('option', { name: /Ben/ }));
    await userEvent.click(box);
    await userEvent.click(await screen.findByRole('option', { name: /Cora/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    const failed = await screen.findByRole('list', { name: 'VAs the contract could not be copied to' });
    expect(within(failed).getByText('Cora')).toBeInTheDocument();
    expect(failed).toHaveTextContent('This VA already has a contract with the client.');
    expect(screen.getByText('Created for 1 VA(s)')).toBeInTheDocument();
  });

  it('shows every failure when no VA could be copied (422 with errors)', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url.startsWith('/api/v1/admin-access/users')) {
        return json({
          data: [{ id: 3, name: 'Ben', email: 'b@e.com', roles: [], status: 'active', timezone: 'UTC' }],
        });
      }
      return json(
        {
          status: 422,
          message: 'None of the VAs could get a copy.',
          errors: { '3': ['Not a VA of your organization.'] },
        },
        422,
      );
    });
    await renderWithProviders(<MultiplyDialog contract={contract} onClose={() => {}} />);
    const box = vaInput();
    await userEvent.click(box);
    await userEvent.click(await screen.findByRole('option', { name: /Ben/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('None of the VAs could get a copy.')).toBeInTheDocument();
    const failed = screen.getByRole('list', { name: 'VAs the contract could not be copied to' });
    expect(failed).toHaveTextContent('Ben: Not a VA of your organization.');
  });
});
