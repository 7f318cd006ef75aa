import { and, eq } from 'drizzle-orm';
import { auditLog } from '../src/modules/audit/audit.table';
import { domainEvents } from '../src/platform/events/events.table';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';

/** People most contract tests need, in organization 1 unless said otherwise. */
export async function seedPeople(h: Harness) {
  const admin = await h.createUser({ email: 'admin@home.test', roles: ['admin'] });
  const manager = await h.createUser({ email: 'manager@home.test', roles: ['manager'] });
  const va = await h.createUser({ email: 'va@home.test', roles: ['va'], timezone: 'Asia/Manila' });
  const va2 = await h.createUser({ email: 'va2@home.test', roles: ['va'], timezone: 'Asia/Manila' });
  const va3 = await h.createUser({ email: 'va3@home.test', roles: ['va'], timezone: 'Asia/Kolkata' });
  const ny = await h.createUser({
    email: 'ny@home.test',
    roles: ['client'],
    timezone: 'America/New_York',
    companyName: 'NY Co',
  });
  const london = await h.createUser({
    email: 'london@home.test',
    roles: ['client'],
    timezone: 'Europe/London',
    companyName: 'London Ltd',
  });
  const manila = await h.createUser({
    email: 'manila@home.test',
    roles: ['client'],
    timezone: 'Asia/Manila',
  });
  return { admin, manager, va, va2, va3, ny, london, manila };
}

export type People = Awaited<ReturnType<typeof seedPeople>>;

export const hm = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));

/** Small client for one signed-in user of one area. */
export async function as(h: Harness, email: string, area: string) {
  const headers = await h.bearer(email);
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
    h.app.inject({ method, url: `/api/v1/${area}-access/${path}`, headers, payload });
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, payload: object = {}) => call('POST', path, payload),
    patch: (path: string, payload: object = {}) => call('PATCH', path, payload),
    del: (path: string) => call('DELETE', path),
  };
}
export type Caller = Awaited<ReturnType<typeof as>>;

/**
 * The prologue of the contract test files: one harness for the file, closed after it; before each test a reset
 * database, seedPeople and a caller signed in as the admin. `set` hands the harness, the people and the admin's
 * caller to the file's variables.
 */
export function useContractsWorld(set: (h: Harness, p: People, admin: Caller) => void) {
  useWorld(
    'each',
    async (h) => {
      const p = await seedPeople(h);
      return { p, admin: await as(h, 'admin@home.test', 'admin') };
    },
    (h, { p, admin }) => set(h, p, admin),
  );
}

/** Creates a contract through the API and returns its id. */
export async function makeContract(admin: Caller, body: Record<string, unknown>): Promise<number> {
  const res = await admin.post('contracts', { title: 'Support', start_date: '2026-03-01', ...body });
  if (res.statusCode !== 201) throw new Error(`contract: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

export async function addBlocks(
  admin: Caller,
  contractId: number,
  days: number[],
  start: string,
  end: string,
) {
  for (const weekday of days) {
    const res = await admin.post('schedules', {
      contract_id: contractId,
      weekday,
      start_minute: hm(start),
      end_minute: hm(end),
    });
    if (res.statusCode !== 201) throw new Error(`schedule: ${res.statusCode} ${res.body}`);
  }
}

export const WEEKDAYS = [1, 2, 3, 4, 5];

export async function auditRows(h: Harness, entityType: string, entityId: number) {
  return h.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)));
}

export async function events(h: Harness, type: string) {
  return h.db.select().from(domainEvents).where(eq(domainEvents.type, type));
}
