import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserRequestDetail } from '@vahub/shared/requests/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import {
  type Call,
  contract,
  fieldsOf,
  listItem,
  ME,
  mockApi,
  page,
  pdf,
  png,
  type Reply,
  request,
  shift,
  signIn,
  VA,
  vacationDays,
} from '../test-utils';
import type { FormKind } from './kinds';
import { RequestForm } from './request-form';

type Handler = (url: URL, method: string, body: unknown) => Reply | undefined;

/** The VA's API: one active contract (and a draft), two recent shifts, 3 working days of 7 left; `over` first. */
function api(over: Handler = () => undefined) {
  return mockApi((url, method, body) => {
    const answer = over(url, method, body);
    if (answer !== undefined) return answer;
    if (url.pathname === '/api/v1/me') return ME;
    if (url.pathname === `${VA}/contracts`) return page([contract(7), contract(8, { status: 'draft' })]);
    if (url.pathname === `${VA}/attendance/passed/user`)
      return page([
        listItem(shift(31, '2026-11-24')),
        listItem(shift(30, '2026-11-23', { status: 'absent', started_at: null, ended_at: null })),
      ]);
    if (url.pathname === `${VA}/attendance/current/user`)
      return { state: 'ongoing', attendance: shift(32, '2026-11-25', { status: 'ongoing', ended_at: null }) };
    if (url.pathname === `${VA}/user-vacations/days`) return vacationDays(3);
    if (url.pathname === `${VA}/user-requests` && method === 'POST')
      return { status: 201, body: request(99) };
    return { status: 404, body: { message: 'Not here' } };
  });
}

async function mount(kind: FormKind, over?: Handler) {
  const { calls } = api(over);
  const onSent = vi.fn<(r: UserRequestDetail) => void>();
  await renderWithProviders(<RequestForm kind={kind} onSent={onSent} onCancel={() => undefined} />);
  await screen.findByRole('form', {}, { timeout: 10_000 });
  return { calls, onSent, user: userEvent.setup({ delay: null }) };
}

const posts = (calls: Call[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname === `${VA}/${path}`).map((c) => c.body);

async function typeDate(user: ReturnType<typeof userEvent.setup>, label: RegExp, value: string) {
  const input = screen.getByRole('textbox', { name: label });
  await user.click(input);
  await user.paste(value);
  await user.tab();
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string | RegExp) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const send = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Send request' }));

beforeEach(signIn);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('asking for leave', { timeout: 30_000 }, () => {
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

describe('the attachment', { timeout: 30_000 }, () => {
  it('is required for sick leave, and sent as the file field', async () => {
    const { calls, onSent, user } = await mount('sick');
    await typeDate(user, /^First day/, '2026-12-01');
    await send(user);
    expect(
      await screen.findByText('Attach a document: this request needs one (PDF or image)'),
    ).toBeInTheDocument();
    expect(posts(calls, 'user-requests')).toEqual([]);

    await user.upload(screen.getByTestId('attachment-input'), pdf());
    expect(screen.getByTestId('attachment-name')).toHaveTextContent('certificate.pdf');
    expect(screen.getByRole('group', { name: /^Attachment/ })).toHaveTextContent('2 kB');
    expect(
      screen.queryByText('Attach a document: this request needs one (PDF or image)'),
    ).not.toBeInTheDocument();
    await send(user);
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(fieldsOf(posts(calls, 'user-requests')[0])).toEqual({
      type: 'sick_leave',
      contract_id: '7',
      target_start_date: '2026-12-01',
      target_end_date: '2026-12-01',
      file: 'file:certificate.pdf',
    });
  });

  it('refuses a dropped file of another type or over 10 MB, and previews a dropped image', async () => {
    await mount('sick');
    const zone = screen.getByTestId('attachment-zone');
    fireEvent.drop(zone, {
      dataTransfer: { files: [new File(['hi'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText('Attach a PDF or an image (PNG, JPEG or WebP)')).toBeInTheDocument();
    expect(screen.queryByTestId('attachment-name')).not.toBeInTheDocument();

    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'scan.pdf', { type: 'application/pdf' });
    fireEvent.drop(zone, { dataTransfer: { files: [huge] } });
    expect(await screen.findByText('An attachment may be at most 10 MB')).toBeInTheDocument();

    fireEvent.drop(zone, { dataTransfer: { files: [png()] } });
    expect(await screen.findByRole('img', { name: 'Preview of receipt.png' })).toHaveAttribute(
      'src',
      'blob:download',
    );
    expect(screen.queryByText('An attachment may be at most 10 MB')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove receipt.png' }));
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeInTheDocument();
  });
});

describe('asking for overtime', { timeout: 30_000 }, () => {
  it('offers the started shifts of the contract (the ongoing one too), and sends shift, minutes and file', async () => {
    const { calls, onSent, user } = await mount('overtime');
    await user.click(screen.getByRole('combobox', { name: /^Shift/ }));
    const options = await screen.findAllByRole('option');
    // The absent shift of Nov 23 never started: no overtime on it.
    expect(options.map((o) => o.textContent)).toEqual([
      'Wed, Nov 25 · 09:00 – 17:00 (ongoing)',
      'Tue, Nov 24 · 09:00 – 17:00',
    ]);
    await user.click(options[1]);
    await user.type(screen.getByRole('textbox', { name: /^Minutes of overtime/ }), '45');
    await user.upload(screen.getByTestId('attachment-input'), png());
    await send(user);
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(fieldsOf(posts(calls, 'user-requests')[0])).toEqual({
      type: 'overtime',
      contract_id: '7',
      attendance_id: '31',
      minutes: '45',
      file: 'file:receipt.png',
    });
  });

  it("keeps the minutes within the contract's limit, and shows the server's refusal on them", async () => {
    const { calls, user } = await mount('overtime', (url, method) =>
      url.pathname === `${VA}/user-requests` && method === 'POST'
        ? {
            status: 422,
            body: {
              message: 'Overtime is a whole number of minutes from 1 to 1440',
              errors: { minutes: ['Overtime is a whole number of minutes from 1 to 1440'] },
              codes: { minutes: [{ code: 'requests.minutes_range', params: { max: 1440 } }] },
            },
          }
        : undefined,
    );
    await choose(user, /^Shift/, /Nov 24/);
    await user.type(screen.getByRole('textbox', { name: /^Minutes of overtime/ }), '150');
    await user.upload(screen.getByTestId('attachment-input'), pdf());
    await send(user);
    expect(
      await screen.findByText('Overtime is a whole number of minutes from 1 to 120'),
    ).toBeInTheDocument();
    expect(posts(calls, 'user-requests')).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: /^Minutes of overtime/ }));
    await user.type(screen.getByRole('textbox', { name: /^Minutes of overtime/ }), '90');
    await send(user);
    expect(
      await screen.findByText('Overtime is a whole number of minutes from 1 to 1440'),
    ).toBeInTheDocument();
    expect(posts(calls, 'user-requests')).toHaveLength(1);
  });

  it('says a contract that counts overtime already needs no request', async () => {
    const { calls, user } = await mount('overtime', (url) =>
      url.pathname === `${VA}/contracts` ? page([contract(7, {}, { overtime_allowed: true })]) : undefined,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This contract already counts time beyond the schedule: no request is needed',
    );
    await send(user);
    expect(posts(calls, 'user-requests')).toEqual([]);
  });
});

describe('asking for a make-up shift', { timeout: 30_000 }, () => {
  it('sends its date and times (minutes since midnight) as JSON, with the missed shift it makes up for', async () => {
    const { calls, onSent, user } = await mount('mus');
    expect(screen.getByText(/Times in the contract's time zone \(Asia\/Manila\)/)).toBeInTheDocument();
    await typeDate(user, /^Date/, '2026-12-06');
    await user.type(screen.getByLabelText('Hours of Start'), '09');
    await user.type(screen.getByLabelText('Minutes of Start'), '30');
    await user.type(screen.getByLabelText('Hours of End'), '09');
    await user.type(screen.getByLabelText('Minutes of End'), '30');
    await user.upload(screen.getByTestId('attachment-input'), pdf());
    await send(user);
    expect(await screen.findByText('A make-up shift lasts from 1 minute to 24 hours')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Hours of End'));
    await user.type(screen.getByLabelText('Hours of End'), '13');
    await choose(user, /^The missed shift/, /Nov 23/);
    await send(user);
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(fieldsOf(posts(calls, 'user-requests')[0])).toEqual({
      type: 'mus',
      contract_id: '7',
      attendance_id: '30',
      mus: JSON.stringify({ date: '2026-12-06', start: 570, end: 810 }),
      file: 'file:certificate.pdf',
    });
  });
});
