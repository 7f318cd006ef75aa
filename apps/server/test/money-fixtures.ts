import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { contracts } from '../src/modules/contracts/contracts.table';
import type { Harness } from './harness';
import { asUser, setTimesheetPolicy, type TimesheetWorld, timesheetOf } from './timesheets-fixtures';

// The invoices and payroll tests' helpers (issue 30), over the timesheet world (timesheets-fixtures.ts).

export const ADMIN = 'admin@home.test';
export const MANAGER = 'manager@home.test';
export const MINA = 'mina@home.test';
export const THEO = 'theo@home.test';
export const ANA = 'ana@home.test';
export const BEN = 'ben@home.test';
export const ADMIN2 = 'admin@else.test';

/** Sets a contract's billed rate, currency and the VA's pay. */
export async function setRates(
  h: Harness,
  contractId: number,
  fields: {
    rate?: string | null;
    currency?: string;
    pay?: string | null;
    payCurrency?: string;
    multiplier?: string;
  },
) {
  await h.db
    .update(contracts)
    .set({
      ...(fields.rate !== undefined ? { hourlyRate: fields.rate } : {}),
      ...(fields.currency ? { currency: fields.currency } : {}),
      ...(fields.pay !== undefined ? { payRate: fields.pay } : {}),
      ...(fields.payCurrency ? { payCurrency: fields.payCurrency } : {}),
      ...(fields.multiplier ? { payOvertimeMultiplier: fields.multiplier } : {}),
    })
    .where(eq(contracts.id, contractId));
}

/** Approves timesheets through the API, as an admin does. */
export async function approve(h: Harness, timesheetIds: number[]) {
  for (const id of timesheetIds) {
    const res = await asUser(h, ADMIN, 'admin', 'PATCH', `timesheets/${id}`, { status: 'approved' });
    if (res.status !== 200) throw new Error(`approve ${id}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** The timesheet ids of the world's attendances, by their names. */
export async function ids(
  h: Harness,
  w: TimesheetWorld,
  ...names: Array<keyof TimesheetWorld['attendances']>
) {
  const out: number[] = [];
  for (const n of names) out.push((await timesheetOf(h, w.attendances[n].id)).id);
  return out;
}

/** Approves every timesheet of the world's organization 1 and turns client sign-off off (unless asked). */
export async function approveAll(h: Harness, w: TimesheetWorld, { signOff = false } = {}) {
  await setTimesheetPolicy(h, 1, { client_sign_off: signOff });
  const names = Object.keys(w.attendances).filter((k) => k !== 'gusTue1') as Array<
    keyof TimesheetWorld['attendances']
  >;
  await approve(h, await ids(h, w, ...names));
}

export const admin = (h: Harness, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: object) =>
  asUser(h, ADMIN, 'admin', method, path, body);

/** Creates a draft as the admin; fails the test unless 201. */
export async function draft(h: Harness, body: object) {
  const res = await admin(h, 'POST', 'invoices', body);
  if (res.status !== 201) throw new Error(`draft: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as {
    id: number;
    lines: Array<Record<string, unknown>>;
    left_out: Array<Record<string, unknown>>;
  } & Record<string, unknown>;
}

/** The text of a PDF, pages joined. */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** A PDF download as bytes. */
export async function download(h: Harness, email: string, url: string) {
  const res = await h.app.inject({ method: 'GET', url, headers: await h.bearer(email) });
  return {
    status: res.statusCode,
    type: String(res.headers['content-type']),
    body: res.rawPayload,
    headers: res.headers,
  };
}
