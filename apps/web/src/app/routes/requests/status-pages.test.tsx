import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Call,
  contract,
  fieldsOf,
  ME,
  mockApi,
  page,
  pdf,
  person,
  request,
  signIn,
  VA,
  vacationDays,
} from '../../../features/requests/components/test-utils';
import { renderWithProviders } from '../../../test/render';
import { ModalsHost } from '../../modals-host';
import { AbsentPage } from './form-pages';
import { MyRequestPage, MyRequestsPage } from './status-pages';
import { Where } from './test-where';

const ROWS = [
  request(3, {
    type: 'overtime',
    minutes: 45,
    days: null,
    target_start_date: '2026-11-24',
    target_end_date: '2026-11-24',
  }),
  request(2, { status: 'approved' }),
];

const lists = (calls: Call[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.pathname === `${VA}/user-requests`)
    .map((c) => Object.fromEntries(c.url.searchParams));

function Pages() {
  return (
    <>
      <Routes>
        <Route path="/va-dashboard/requests/status" element={<MyRequestsPage />} />
        <Route path="/va-dashboard/requests/status/:id" element={<MyRequestPage />} />
        <Route path="/va-dashboard/requests/absent" element={<AbsentPage />} />
      </Routes>
      <Where />
      <ModalsHost />
    </>
  );
}

beforeEach(signIn);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('my requests', { timeout: 60_000 }, () => {
  it('lists them with their status, links each to its page, and filters in the URL', async () => {
    const { calls } = mockApi((url) => {
      if (url.pathname === '/api/v1/me') return ME;
      return page(ROWS, { pending: 0 }, 2);
    });
    await renderWithProviders(<Pages />, { route: '/va-dashboard/requests/status' });
    const rows = await screen.findAllByTestId('request-row', {}, { timeout: 10_000 });
    expect(within(rows[0]).getByRole('link', { name: 'Overtime' })).toHaveAttribute(
      'href',
      '/va-dashboard/requests/status/3',
    );
    expect(rows[0]).toHaveTextContent('45 min');
    expect(rows[0]).toHaveTextContent('Pending');
    expect(rows[1]).toHaveTextContent('Dec 1 – 3, 2026');
    expect(rows[1]).toHaveTextContent('Approved');

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Approved' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?status=approved'));
    await waitFor(() =>
      expect(lists(calls).at(-1)).toEqual({ status: 'approved', page: '1', per_page: '20' }),
    );

    await user.click(screen.getByRole('button', { name: 'New request' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual([
      ['Leave (vacation, emergency, unpaid)', '/va-dashboard/requests/vacation-leaves'],
      ['Absence', '/va-dashboard/requests/absent'],
      ['Sick leave', '/va-dashboard/requests/sick-leave-approval'],
      ['Overtime', '/va-dashboard/requests/overtime-request'],
      ['Make-up shift', '/va-dashboard/requests/mus-approval'],
    ]);
  });

  it('offers each form when nothing was asked yet', async () => {
    mockApi((url) => (url.pathname === '/api/v1/me' ? ME : page([], { pending: 0 }, 0)));
    await renderWithProviders(<Pages />, { route: '/va-dashboard/requests/status' });
    const empty = await screen.findByTestId('empty-state', {}, { timeout: 10_000 });
    expect(empty).toHaveTextContent('You have not asked for anything yet.');
    expect(within(empty).getByRole('link', { name: 'Sick leave' })).toHaveAttribute(
      'href',
      '/va-dashboard/requests/sick-leave-approval',
    );
    expect(within(empty).getAllByRole('link')).toHaveLength(5);
  });
});

describe('one of my requests', { timeout: 60_000 }, () => {
  it('shows what was asked, the attachment and the decision', async () => {
    const decided = request(2, {
      type: 'sick_leave',
      status: 'rejected',
      paid_by: null,
      has_file: true,
      file: {
        name: 'certificate.pdf',
        content_type: 'application/pdf',
        size: 52_000,
        url: '/files/requests/1/abc?sig=x',
      },
      decided_at: '2026-11-21T10:00:00Z',
      decided_by: 1,
      decider: person(1, 'Ada Admin'),
      decision_note: 'The certificate is unsigned',
    });
    mockApi((url) => (url.pathname === '/api/v1/me' ? ME : decided));
    await renderWithProviders(<Pages />, { route: '/va-dashboard/requests/status/2' });
    const details = await screen.findByTestId('request-details', {}, { timeout: 10_000 });
    expect(within(details).getByRole('link', { name: /Open certificate\.pdf/ })).toHaveAttribute(
      'href',
      '/files/requests/1/abc?sig=x',
    );
    expect(details).toHaveTextContent('51 kB');
    expect(within(details).getByTestId('decision')).toHaveTextContent('Rejected');
    expect(within(details).getByTestId('decision')).toHaveTextContent('by Ada Admin on');
    expect(within(details).getByTestId('decision')).toHaveTextContent('The certificate is unsigned');
    // Only a pending request can be cancelled.
    expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
  });

  it('is cancelled after a confirmation, while pending', async () => {
    let current = request(5);
    const { calls } = mockApi((url, method) => {
      if (url.pathname === '/api/v1/me') return ME;
      if (method === 'DELETE') current = { ...current, status: 'cancelled' };
      return current;
    });
    await renderWithProviders(<Pages />, { route: '/va-dashboard/requests/status/5' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Cancel request' }, { timeout: 10_000 }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this request?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel request' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this request?' })).getByRole('button', {
        name: 'Cancel request',
      }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe(`${VA}/user-requests/5`),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument(),
    );
    expect(screen.getByTestId('request-details')).toHaveTextContent('Cancelled');
  });
});

describe('a request form page', { timeout: 60_000 }, () => {
  it('goes to the new request once sent', async () => {
    const sent = request(99, { type: 'absent', paid_by: null });
    const { calls } = mockApi((url, method) => {
      if (url.pathname === '/api/v1/me') return ME;
      if (url.pathname === `${VA}/contracts`) return page([contract(7)]);
      if (url.pathname === `${VA}/user-vacations/days`)
        return vacationDays(1, { pool: null, balance: null, years: [] });
      if (url.pathname === `${VA}/user-requests` && method === 'POST') return { status: 201, body: sent };
      return sent;
    });
    await renderWithProviders(<Pages />, { route: '/va-dashboard/requests/absent' });
    const user = userEvent.setup({ delay: null });
    const first = await screen.findByRole('textbox', { name: /^First day/ }, { timeout: 10_000 });
    await user.click(first);
    await user.paste('2026-11-20');
    await user.type(screen.getByRole('textbox', { name: /^Reason/ }), 'Power cut');
    await user.upload(screen.getByTestId('attachment-input'), pdf('bill.pdf'));
    expect(await screen.findByTestId('balance')).toHaveTextContent('1 working day');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByTestId('request-details', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(
      fieldsOf(calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/user-requests'))?.body),
    ).toEqual({
      type: 'absent',
      contract_id: '7',
      details: 'Power cut',
      target_start_date: '2026-11-20',
      target_end_date: '2026-11-20',
      file: 'file:bill.pdf',
    });
  });
});
