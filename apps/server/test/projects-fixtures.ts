import { asc, eq, inArray } from 'drizzle-orm';
import { contracts } from '../src/modules/contracts/contracts.table';
import { boardColumns, tasks } from '../src/modules/projects/projects.table';
import { domainEvents } from '../src/platform/events/events.table';
import { contract, seedTrackerWorld } from './attendance-fixtures';
import type { Harness } from './harness';

// What the projects test files share: the tracker world's people (admin Ada, manager Mia with client Mina,
// manager Leo leading Ben, idle manager Ned, clients Mina and Theo, VAs Ana (Mina) and Ben (Theo); organization
// 2's admin Eve, client Finn and VA Gus), a project per client with the default board, and calls as a user.

export const ADMIN = 'admin@home.test';
export const MANAGER = 'manager@home.test';
export const LEADER = 'leader@home.test';
export const IDLE_MANAGER = 'nobody@home.test';
export const MINA = 'mina@home.test';
export const THEO = 'theo@home.test';
export const ANA = 'ana@home.test';
export const BEN = 'ben@home.test';
export const ADMIN2 = 'admin@else.test';
export const CLIENT2 = 'client@else.test';
export const VA2 = 'va@else.test';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Any call as a signed-in user: `path` after `/api/v1/`; answers status and JSON (null for no body). */
export async function api(h: Harness, email: string, method: Method, path: string, payload?: object) {
  const res = await h.app.inject({ method, url: `/api/v1/${path}`, headers: await h.bearer(email), payload });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}
export type Reply = Awaited<ReturnType<typeof api>>;

/** The area of each test user. */
export const AREA: Record<string, string> = {
  [ADMIN]: 'admin',
  [MANAGER]: 'manager',
  [LEADER]: 'manager',
  [IDLE_MANAGER]: 'manager',
  [MINA]: 'client',
  [THEO]: 'client',
  [ANA]: 'va',
  [BEN]: 'va',
  [ADMIN2]: 'admin',
  [CLIENT2]: 'client',
  [VA2]: 'va',
};

/** A call in the user's own area (`admin-access/...` for an admin, and so on). */
export const as = (h: Harness, email: string, method: Method, path: string, payload?: object) =>
  api(h, email, method, `${AREA[email]}-access/${path}`, payload);

/** Fails the test with the body when the status is not the expected one, else answers the body. */
export function ok(reply: Reply, status = 200): Reply['body'] {
  if (reply.status !== status)
    throw new Error(`expected ${status}, got ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/**
 * The world: the tracker world, plus a paused contract of Ben with Mina (a paused contract shows no board), a
 * project of Mina ("Website", made by Mina) and one of Theo ("Books", made by the admin), each with the
 * default board; a project of organization 2's client.
 */
export async function seedProjectsWorld(h: Harness) {
  const world = await seedTrackerWorld(h);
  const { people } = world;
  const paused = await contract(h, people.ben.id, people.mina.id, 1);
  await h.db.update(contracts).set({ status: 'paused' }).where(eq(contracts.id, paused.id));
  const website = ok(await as(h, MINA, 'POST', 'projects', { name: 'Website' }), 201);
  const books = ok(await as(h, ADMIN, 'POST', 'projects', { name: 'Books', client_id: people.theo.id }), 201);
  const elsewhere = ok(await as(h, CLIENT2, 'POST', 'projects', { name: 'Shop' }), 201);
  return { ...world, paused, projects: { website, books, elsewhere } };
}
export type ProjectsWorld = Awaited<ReturnType<typeof seedProjectsWorld>>;

/** A board's columns in order. */
export const columnsOf = (h: Harness, projectId: number) =>
  h.db
    .select()
    .from(boardColumns)
    .where(eq(boardColumns.projectId, projectId))
    .orderBy(asc(boardColumns.position), asc(boardColumns.id));

/** A column's task ids in the board's order (position, then id). */
export async function orderOf(h: Harness, columnId: number) {
  const rows = await h.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(eq(tasks.columnId, columnId))
    .orderBy(asc(tasks.position), asc(tasks.id));
  return rows.map((r) => r.id);
}

/** Task positions by id (to show that a move rewrote nobody else). */
export async function positionsOf(h: Harness, ids: number[]) {
  const rows = await h.db
    .select({ id: tasks.id, position: tasks.position })
    .from(tasks)
    .where(inArray(tasks.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.position]));
}

/** Creates tasks titled `titles` in a column (at its end, in order) as `email`; answers them. */
export async function makeTasks(
  h: Harness,
  email: string,
  projectId: number,
  titles: string[],
  extra: Record<string, unknown> = {},
) {
  const out = [];
  for (const title of titles)
    out.push(ok(await as(h, email, 'POST', 'tasks', { project_id: projectId, title, ...extra }), 201));
  return out;
}

/** The domain events of a type, oldest first. */
export async function eventsOf(h: Harness, type: string) {
  const rows = await h.db
    .select()
    .from(domainEvents)
    .where(eq(domainEvents.type, type))
    .orderBy(asc(domainEvents.id));
  return rows.map((r) => r.payload as Record<string, unknown>);
}
