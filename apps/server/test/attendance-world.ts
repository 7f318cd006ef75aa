import { afterAll, beforeAll, beforeEach } from 'vitest';
import { attendances } from '../src/modules/attendance/attendance.table';
import type { contracts } from '../src/modules/contracts/contracts.table';
import { teamMembers, teams } from '../src/modules/people/teams.table';
import { createHarness, type Harness } from './harness';

// What the attendance test worlds have in common (attendance-fixtures.ts for the tracker, attendance-read-
// fixtures.ts for the reads), and the prologue their test files share.

type ContractRow = typeof contracts.$inferSelect;

/**
 * The prologue of an attendance test file: one harness for the file, closed after it, and a world seeded on
 * a reset database before each test (`each`: the tests write) or once for the file (`once`: reads change
 * nothing). `set` hands the harness and the world to the file's variables each time they are made.
 */
export function useWorld<W>(
  when: 'each' | 'once',
  seed: (h: Harness) => Promise<W>,
  set: (h: Harness, w: W) => void,
) {
  let h: Harness | undefined;
  const fresh = async () => {
    if (!h) throw new Error('the harness is not up');
    await h.reset();
    set(h, await seed(h));
  };
  beforeAll(async () => {
    h = await createHarness();
    if (when === 'once') await fresh();
  });
  if (when === 'each') beforeEach(fresh);
  afterAll(() => h?.close());
}

/** Creates the worlds' users: one role each, last name "Test" unless `fields` says otherwise. */
export const userMaker =
  (h: Harness) =>
  (email: string, role: string, firstName: string, fields: Record<string, unknown> = {}) =>
    h.createUser({ email, roles: [role], firstName, lastName: 'Test', ...fields });

/** Organization 2, "Elsewhere": admin Eve, client Finn and VA Gus (Manila), whom nothing of org 1 reaches. */
export async function seedElsewhere(h: Harness) {
  const user = userMaker(h);
  const org2 = await h.createOrg('Elsewhere');
  const admin2 = await user('admin@else.test', 'admin', 'Eve', { organizationId: org2.id });
  const client2 = await user('client@else.test', 'client', 'Finn', { organizationId: org2.id });
  const va2 = await user('va@else.test', 'va', 'Gus', { organizationId: org2.id, timezone: 'Asia/Manila' });
  return { org2, admin2, client2, va2 };
}

/** The team "Nights" of organization 1, led by `leaderId`, with `memberId` in it. */
export async function seedNightsTeam(h: Harness, leaderId: number, memberId: number) {
  const [team] = await h.db.insert(teams).values({ organizationId: 1, name: 'Nights', leaderId }).returning();
  await h.db.insert(teamMembers).values({ teamId: team.id, userId: memberId });
  return team;
}

/** A shift of a contract, straight into the table: `date` its local date, `start` and `end` ISO instants. */
export async function insertShift(
  h: Harness,
  c: ContractRow,
  date: string,
  start: string,
  end: string,
  fields: Partial<typeof attendances.$inferInsert> = {},
) {
  const [row] = await h.db
    .insert(attendances)
    .values({
      organizationId: c.organizationId,
      contractId: c.id,
      vaId: c.vaId,
      clientId: c.clientId,
      date,
      timezone: c.timezone,
      scheduledStartAt: new Date(start),
      scheduledEndAt: new Date(end),
      ...fields,
    })
    .returning();
  return row;
}

/** POST/GET as a signed-in user of an area (`admin`, `manager`, `client`, `va`); answers status and JSON. */
export async function callAs(
  h: Harness,
  email: string,
  area: string,
  method: 'GET' | 'POST',
  path: string,
  payload?: object,
) {
  const res = await h.app.inject({
    method,
    url: `/api/v1/${area}-access/${path}`,
    headers: await h.bearer(email),
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/** GET as someone in an area; answers status and JSON. */
export const getAs = (h: Harness, email: string, area: string, path: string) =>
  callAs(h, email, area, 'GET', path);
