import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserRequestDetail } from '@vahub/shared/requests/schemas';
import { vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import {
  type Call,
  contract,
  listItem,
  ME,
  mockApi,
  page,
  type Reply,
  request,
  shift,
  VA,
  vacationDays,
} from '../test-utils';
import type { FormKind } from './kinds';
import { RequestForm } from './request-form';

// What the request form tests share: the VA's fake API, mounting the form, and driving its fields.

export type Handler = (url: URL, method: string, body: unknown) => Reply | undefined;

/** The VA's API: one active contract (and a draft), two recent shifts, 3 working days of 7 left; `over` first. */
export function api(over: Handler = () => undefined) {
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

export async function mount(kind: FormKind, over?: Handler) {
  const { calls } = api(over);
  const onSent = vi.fn<(r: UserRequestDetail) => void>();
  await renderWithProviders(<RequestForm kind={kind} onSent={onSent} onCancel={() => undefined} />);
  await screen.findByRole('form', {}, { timeout: 10_000 });
  return { calls, onSent, user: userEvent.setup({ delay: null }) };
}

export const posts = (calls: Call[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname === `${VA}/${path}`).map((c) => c.body);

export async function typeDate(user: ReturnType<typeof userEvent.setup>, label: RegExp, value: string) {
  const input = screen.getByRole('textbox', { name: label });
  await user.click(input);
  await user.paste(value);
  await user.tab();
}

export async function choose(
  user: ReturnType<typeof userEvent.setup>,
  label: RegExp,
  option: string | RegExp,
) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

export const send = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Send request' }));
