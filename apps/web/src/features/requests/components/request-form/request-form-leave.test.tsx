import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldsOf, signIn, VA, vacationDays } from '../test-utils';
import { choose, mount, posts, send, typeDate } from './form-test-helpers';

beforeEach(signIn);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('asking for leave', { timeout: 60_000 }, () => {
  it('chooses the only active contract, shows the working days and the balance, and asks again when the dates change', async () => {
    const { calls, user } = await mount('vacation');
    expect(screen.getByRole('combobox', { name: /^Contract/ })).toHaveValue(
      'Inbox and calendar · Acme Dental',
    );

    await typeDate(user, /^First day/, '2026-12-01');
    expect(await screen.findByTestId('balance')).toHaveTextContent(
      '3 working days · 7 of 10 vacation days left in 2026',
    );
    await typeDate(user, /^Last day/, '2026-12-03');
    await choose(user, /^Type of leave/, 'Emergency leave');

    await waitFor(() =>
      expect(posts(calls, 'user-vacations/days').at(-1)).toEqual({
        type: 'emergency_leave',
        contract_id: 7,
        target_start_date: '2026-12-01',
        target_end_date: '2026-12-03',
      }),
    );
    expect(posts(calls, 'user-vacations/days')).toContainEqual({
      type: 'vacation_leave',
      contract_id: 7,
      target_start_date: '2026-12-01',
      target_end_date: '2026-12-01',
    });
  });

  it('lists each year of a range across the new year', async () => {
    const { user } = await mount('vacation', (url) =>
      url.pathname.endsWith('/user-vacations/days')
        ? vacationDays(5, {
            years: [
              { year: 2026, days: 2, allowance: 10, used: 3, pending: 0, balance: 7 },
              { year: 2027, days: 3, allowance: 10, used: 0, pending: 1, balance: 10 },
            ],
          })
        : undefined,
    );
    await typeDate(user, /^First day/, '2026-12-30');
    await typeDate(user, /^Last day/, '2027-01-05');
    const balance = await screen.findByTestId('balance');
    await waitFor(() => expect(within(balance).getAllByRole('listitem')).toHaveLength(2));
    expect(balance).toHaveTextContent('5 working days');
    expect(balance).toHaveTextContent('2026: 2 working days · 7 of 10 vacation days left');
    expect(balance).toHaveTextContent(
      '2027: 3 working days · 10 of 10 vacation days left (1 day already asked for)',
    );
  });

  it('sends the leave as multipart fields and hands over the new request', async () => {
    const { calls, onSent, user } = await mount('vacation');
    await choose(user, /^Paid by/, 'The agency');
    await typeDate(user, /^First day/, '2026-12-01');
    await typeDate(user, /^Last day/, '2026-12-03');
    await user.type(screen.getByRole('textbox', { name: 'Details' }), 'Family wedding');
    await screen.findByText(/3 working days/);
    await send(user);

    await waitFor(() => expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ id: 99 })));
    expect(fieldsOf(posts(calls, 'user-requests')[0])).toEqual({
      type: 'vacation_leave',
      contract_id: '7',
      details: 'Family wedding',
      target_start_date: '2026-12-01',
      target_end_date: '2026-12-03',
      paid_by: 'agency',
    });
  });

  it('does not send more days than are left, and says why', async () => {
    const { calls, user } = await mount('vacation', (url) =>
      url.pathname.endsWith('/user-vacations/days') ? vacationDays(9) : undefined,
    );
    await choose(user, /^Paid by/, 'The client');
    await typeDate(user, /^First day/, '2026-12-01');
    await typeDate(user, /^Last day/, '2026-12-11');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You have 7 vacation days left in 2026: this request needs 9');
    await send(user);
    expect(posts(calls, 'user-requests')).toEqual([]);
  });

  it('names the days already on leave before sending, and does not send a range the server would refuse', async () => {
    const { calls, user } = await mount('vacation', (url) =>
      url.pathname.endsWith('/user-vacations/days')
        ? vacationDays(5, {
            overlap: {
              type: 'vacation_leave',
              status: 'approved',
              target_start_date: '2026-12-02',
              target_end_date: '2026-12-03',
            },
            taken_dates: ['2026-12-02', '2026-12-03'],
          })
        : undefined,
    );
    await choose(user, /^Paid by/, 'The client');
    await typeDate(user, /^First day/, '2026-12-01');
    await typeDate(user, /^Last day/, '2026-12-07');
    const balance = await screen.findByTestId('balance');
    await waitFor(() =>
      expect(within(balance).getByTestId('taken-dates')).toHaveTextContent(
        'Already on leave or asked for: Wed, Dec 2, Thu, Dec 3',
      ),
    );
    expect(within(balance).getByRole('alert')).toHaveTextContent(
      'This overlaps your vacation leave request of 2026-12-02 to 2026-12-03 (approved)',
    );
    await send(user);
    expect(posts(calls, 'user-requests')).toEqual([]);
    expect(screen.getByRole('textbox', { name: /^First day/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it("puts the server's field errors on the fields", async () => {
    const { user } = await mount('absent', (url, method) =>
      url.pathname === `${VA}/user-requests` && method === 'POST'
        ? {
            status: 422,
            body: {
              message: 'These dates are outside the contract (2026-01-01 to 2026-12-31)',
              errors: {
                target_end_date: ['These dates are outside the contract (2026-01-01 to 2026-12-31)'],
              },
              codes: {
                target_end_date: [
                  { code: 'requests.outside_contract', params: { start: '2026-01-01', end: '2026-12-31' } },
                ],
              },
            },
          }
        : undefined,
    );
    await typeDate(user, /^First day/, '2026-12-30');
    await typeDate(user, /^Last day/, '2027-01-02');
    await user.type(screen.getByRole('textbox', { name: /^Reason/ }), 'Moving house');
    await screen.findByText(/3 working days/);
    await send(user);
    expect(
      await screen.findByText('These dates are outside the contract (2026-01-01 to 2026-12-31)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Last day/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks the reason of an absence and refuses a last day before the first', async () => {
    const { calls, user } = await mount('absent');
    await typeDate(user, /^First day/, '2026-12-05');
    await typeDate(user, /^Last day/, '2026-12-01');
    await send(user);
    expect(await screen.findByText('Say why: this request needs a reason')).toBeInTheDocument();
    expect(screen.getByText('The last day comes on or after the first day')).toBeInTheDocument();
    expect(posts(calls, 'user-requests')).toEqual([]);
  });
});
