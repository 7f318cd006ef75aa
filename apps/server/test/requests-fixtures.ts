import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { attendances } from '../src/modules/attendance/attendance.table';
import { rebuildContractWindow } from '../src/modules/attendance/engine/window';
import { userRequests } from '../src/modules/requests/requests.table';
import { timesheets } from '../src/modules/timesheets/timesheets.table';
import { domainEvents } from '../src/platform/events/events.table';
import { contract, seedHomePeople } from './attendance-fixtures';
import { insertShift } from './attendance-world';
import type { Harness } from './harness';
import { multipartBody } from './multipart';

// The requests test world and what its test files share: multipart bodies, attachments, calls as each role.

type ContractRow = Awaited<ReturnType<typeof contract>>;

/** "Now": Wednesday 2026-03-18 09:00 UTC (17:00 in Manila, as Ana's shift of the day ends). */
export const NOW = '2026-03-18T09:00:00Z';
/** The next week, Monday to Friday: 09:00–17:00 Manila is 01:00–09:00 UTC. */
export const NEXT_MON = '2026-03-23';
export const NEXT_FRI = '2026-03-27';
export const ANA = 'ana@home.test';
export const BEN = 'ben@home.test';
export const ADMIN = 'admin@home.test';
export const MANAGER = 'manager@home.test';
export const LEADER = 'leader@home.test';
export const THEO = 'theo@home.test';
export const ADMIN2 = 'admin@else.test';

/** 09:00–17:00 Manila on a local date, as UTC instants. */
export const manilaDay = (date: string) => ({ start: `${date}T01:00:00Z`, end: `${date}T09:00:00Z` });

/**
 * Organization 1 (seedHomePeople): admin Ada; manager Mia over client Mina; manager Leo leading "Nights" with Ben;
 * client Theo. VA Ana works for Mina (c1), VA Ben for Theo (c2). Organization 2: admin Eve, client Finn, VA Gus
 * (c9). Contracts: active since 2026-01-01, Manila, Monday–Friday 09:00–17:00, vacation 10 and sick 5 days a
 * year, overtime not counted, at most 120 minutes. The clock is NOW.
 */
export async function seedRequestWorld(h: Harness) {
  h.clock.set(NOW);
  const { admin, manager, leader, mina, theo, ana, ben, org2, admin2, client2, va2, team } =
    await seedHomePeople(h);
  const c1 = await contract(h, ana.id, mina.id, 1);
  const c2 = await contract(h, ben.id, theo.id, 1);
  const c9 = await contract(h, va2.id, client2.id, org2.id);
  return {
    people: { admin, manager, leader, mina, theo, ana, ben, admin2, client2, va2 },
    orgs: { org2 },
    team,
    contracts: { c1, c2, c9 },
  };
}
export type RequestWorld = Awaited<ReturnType<typeof seedRequestWorld>>;

/** A 09:00–17:00 Manila shift of the contract on `date` (upcoming unless `fields` say otherwise). */
export function dayShift(
  h: Harness,
  c: ContractRow,
  date: string,
  fields: Partial<typeof attendances.$inferInsert> = {},
) {
  const { start, end } = manilaDay(date);
  return insertShift(h, c, date, start, end, fields);
}

/** A worked (completed) shift: its timesheet exists (the database made it when it started). */
export function workedShift(h: Harness, c: ContractRow, date: string) {
  const { start, end } = manilaDay(date);
  return dayShift(h, c, date, {
    status: 'completed',
    startedAt: new Date(start),
    endedAt: new Date(end),
    workedSeconds: 480 * 60,
    activeSeconds: 400 * 60,
    idleSeconds: 80 * 60,
  });
}

/** Builds the contract's rolling window as the engine does (its shifts of the next four weeks). */
export const buildWindow = (h: Harness, contractId: number) =>
  h.deps.transaction((uow) => rebuildContractWindow(h.deps, uow, contractId, h.clock.now()));

/** A small real PDF. */
export const pdfBytes = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  );

/** A small real PNG. */
export const pngBytes = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

export type FileInput = { bytes: Buffer; name?: string; type?: string };

/** A multipart body: the fields (objects as JSON text), then the file (a PDF unless named otherwise). */
export const requestForm = (fields: Record<string, unknown>, file?: FileInput) =>
  multipartBody(
    fields,
    file && { bytes: file.bytes, name: file.name ?? 'note.pdf', type: file.type ?? 'application/pdf' },
  );

type Injected = Awaited<ReturnType<Harness['app']['inject']>>;

// JSON when there is a body (res.json() is untyped on purpose: tests read any shape).
const answer = (res: Injected) => ({ status: res.statusCode, body: res.body ? res.json() : null });

/** `POST va-access/user-requests` as multipart (the web's way), with an optional file. */
export async function ask(h: Harness, email: string, fields: Record<string, unknown>, file?: FileInput) {
  const form = requestForm(fields, file);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/v1/va-access/user-requests',
    headers: { ...(await h.bearer(email)), 'content-type': form.contentType },
    payload: form.payload,
  });
  return answer(res);
}

/** Any call as someone, under `/api/v1/<path>`: status and JSON. */
export async function call(
  h: Harness,
  email: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: object,
) {
  const res = await h.app.inject({
    method,
    url: `/api/v1/${path}`,
    headers: await h.bearer(email),
    payload,
  });
  return answer(res);
}

/** PATCH a decision as an admin (`admin-access`) or a manager (`manager-access`). */
export const decide = (
  h: Harness,
  email: string,
  area: 'admin' | 'manager',
  id: number,
  body: { status: string; note?: string },
) => call(h, email, 'PATCH', `${area}-access/user-requests/${id}`, body);

/** A vacation leave over next week's five working days (asked as Ana on c1 unless told otherwise). */
export const vacation = (contractId: number, from = NEXT_MON, to = NEXT_FRI) => ({
  type: 'vacation_leave',
  contract_id: contractId,
  target_start_date: from,
  target_end_date: to,
});

/** The field codes of a problem. */
export const codesOf = (body: { codes?: Record<string, Array<{ code: string }>> }, field: string) =>
  body.codes?.[field]?.map((c) => c.code);

export const requestRow = async (h: Harness, id: number) =>
  (await h.db.select().from(userRequests).where(eq(userRequests.id, id)))[0];

export const attendanceRow = async (h: Harness, id: number) =>
  (await h.db.select().from(attendances).where(eq(attendances.id, id)))[0];

export const timesheetOf = async (h: Harness, attendanceId: number) =>
  (await h.db.select().from(timesheets).where(eq(timesheets.attendanceId, attendanceId)))[0];

/** The domain events of a type, oldest first. */
export const eventsOf = (h: Harness, type: string) =>
  h.db.select().from(domainEvents).where(eq(domainEvents.type, type)).orderBy(domainEvents.id);
