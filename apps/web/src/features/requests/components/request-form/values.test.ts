import { REQUESTS } from '@vahub/shared/requests/schemas';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n';
import { signIn, vacationDays } from '../test-utils';
import { balanceProblem, daysQueryOf } from './balance';
import { bodyOf, formFieldOf, initialValues, type RequestValues, validateRequest } from './values';

let t: TFunction;
beforeAll(async () => {
  await signIn();
  t = i18n.getFixedT('en', 'requests');
});

const values = (kind: Parameters<typeof initialValues>[0], over: Partial<RequestValues>): RequestValues => ({
  ...initialValues(kind),
  contract_id: '7',
  ...over,
});
const pdf = (size: number, type = 'application/pdf') => ({ name: 'a.pdf', size, type }) as File;

describe('the request body', () => {
  it('sends a leave of one day when only the first day is given, and unpaid leave as paid by nobody', () => {
    expect(
      bodyOf(
        'vacation',
        values('vacation', { type: 'unpaid_leave', paid_by: 'client', start: '2026-12-01' }),
      ),
    ).toEqual({
      type: 'unpaid_leave',
      contract_id: 7,
      target_start_date: '2026-12-01',
      target_end_date: '2026-12-01',
      paid_by: 'unpaid',
    });
  });

  it('sends overtime as its shift and minutes, a make-up shift as its date and minutes of the day', () => {
    expect(
      bodyOf('overtime', values('overtime', { attendance_id: '31', minutes: 45, details: ' Late call ' })),
    ).toEqual({
      type: 'overtime',
      contract_id: 7,
      attendance_id: 31,
      minutes: 45,
      details: 'Late call',
    });
    expect(
      bodyOf('mus', values('mus', { mus_date: '2026-12-06', mus_start: 540, mus_end: 780 })),
    ).toMatchObject({
      type: 'mus',
      mus: { date: '2026-12-06', start: 540, end: 780 },
    });
  });
});

describe('checking a request before sending', () => {
  it('refuses a last day before the first', () => {
    const errors = validateRequest(
      'sick',
      values('sick', { start: '2026-12-05', end: '2026-12-01', file: pdf(100) }),
      t,
    );
    expect(errors).toEqual({ end: 'The last day comes on or after the first day' });
  });

  it('asks for the attachment of sick leave, overtime and make-up shifts, not of a vacation', () => {
    const sick = validateRequest('sick', values('sick', { start: '2026-12-01' }), t);
    expect(sick.file).toBe('Attach a document: this request needs one (PDF or image)');
    const overtime = validateRequest('overtime', values('overtime', { attendance_id: '31', minutes: 30 }), t);
    expect(overtime.file).toBeDefined();
    const mus = validateRequest(
      'mus',
      values('mus', { mus_date: '2026-12-06', mus_start: 540, mus_end: 780 }),
      t,
    );
    expect(mus.file).toBeDefined();
    const vacation = validateRequest(
      'vacation',
      values('vacation', { start: '2026-12-01', paid_by: 'agency' }),
      t,
    );
    expect(vacation).toEqual({});
  });

  it('refuses a file that is not a PDF or an image, or larger than 10 MB', () => {
    const text = validateRequest(
      'sick',
      values('sick', { start: '2026-12-01', file: pdf(10, 'text/plain') }),
      t,
    );
    expect(text.file).toBe('Attach a PDF or an image (PNG, JPEG or WebP)');
    const big = validateRequest(
      'sick',
      values('sick', { start: '2026-12-01', file: pdf(REQUESTS.maxFileBytes + 1) }),
      t,
    );
    expect(big.file).toBe('An attachment may be at most 10 MB');
    const fine = validateRequest(
      'sick',
      values('sick', { start: '2026-12-01', file: pdf(REQUESTS.maxFileBytes) }),
      t,
    );
    expect(fine).toEqual({});
  });

  it('asks who pays a vacation, and the reason of an absence', () => {
    expect(validateRequest('vacation', values('vacation', { start: '2026-12-01' }), t)).toEqual({
      paid_by: 'Choose who pays: client, agency or unpaid',
    });
    expect(validateRequest('absent', values('absent', { start: '2026-12-01' }), t)).toEqual({
      details: 'Say why: this request needs a reason',
    });
  });

  it('points at the missing part of a make-up shift, and refuses one that ends when it starts', () => {
    const missing = validateRequest(
      'mus',
      values('mus', { mus_date: '2026-12-06', mus_start: 540, file: pdf(1) }),
      t,
    );
    expect(missing).toEqual({ mus_end: 'Give the make-up shift: its date, start and end' });
    const empty = validateRequest(
      'mus',
      values('mus', { mus_date: '2026-12-06', mus_start: 540, mus_end: 540, file: pdf(1) }),
      t,
    );
    expect(empty).toEqual({ mus_end: 'A make-up shift lasts from 1 minute to 24 hours' });
    // An end before the start runs past midnight: that is a shift, not a mistake.
    const overnight = validateRequest(
      'mus',
      values('mus', { mus_date: '2026-12-06', mus_start: 1320, mus_end: 120, file: pdf(1) }),
      t,
    );
    expect(overnight).toEqual({});
  });

  it("keeps overtime within the contract's limit", () => {
    const over = validateRequest(
      'overtime',
      values('overtime', { attendance_id: '31', minutes: 150, file: pdf(1) }),
      t,
      {
        maxOvertimeMinutes: 120,
      },
    );
    expect(over).toEqual({ minutes: 'Overtime is a whole number of minutes from 1 to 120' });
  });

  it("puts the API's fields on the form's", () => {
    expect(formFieldOf('target_end_date')).toBe('end');
    expect(formFieldOf('mus.start')).toBe('mus_start');
    expect(formFieldOf('minutes')).toBe('minutes');
  });
});

describe('the balance', () => {
  it('asks only once a leave has a contract and its first day', () => {
    expect(daysQueryOf('vacation', values('vacation', {}))).toBeNull();
    expect(daysQueryOf('overtime', values('overtime', { start: '2026-12-01' }))).toBeNull();
    expect(daysQueryOf('sick', values('sick', { start: '2026-12-01' }))).toEqual({
      type: 'sick_leave',
      contract_id: 7,
      target_start_date: '2026-12-01',
      target_end_date: '2026-12-01',
    });
  });

  it('blocks a leave past what is left of a year (less the days already asked for), or without a working day', () => {
    expect(balanceProblem(vacationDays(7), t)).toBeNull();
    const pendingToo = vacationDays(6, {
      years: [{ year: 2026, days: 6, allowance: 10, used: 3, pending: 2, balance: 7 }],
    });
    expect(balanceProblem(pendingToo, t)).toBe('You have 5 vacation days left in 2026: this request needs 6');
    expect(balanceProblem(vacationDays(0), t)).toBe('You have no scheduled shift on these days');
    expect(balanceProblem(vacationDays(30, { pool: null, balance: null, years: [] }), t)).toBeNull();
  });
});
