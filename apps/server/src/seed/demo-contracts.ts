import type { ContractStatus } from '@vahub/shared/contracts/statuses';
import { mergeContractDefaults } from '@vahub/shared/organization/settings';
import { addDays, formatUtcDate } from '@vahub/shared/time/dates';
import {
  findScheduleConflict,
  overlapHorizon,
  type WeeklyBlock,
  type ZonedSchedule,
} from '@vahub/shared/time/schedule-blocks';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contractSettings, contracts, organizations, schedules, users } from '../db/schema';
import { settingsValues } from '../modules/contracts/public';
import { domainEvents } from '../platform/events/events.table';

type Template = { title: string; blocks: WeeklyBlock[] };

const days = (list: number[], start: string, end: string): WeeklyBlock[] => {
  const m = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));
  return list.map((weekday) => ({ weekday, start_minute: m(start), end_minute: m(end) }));
};
const MON_FRI = [1, 2, 3, 4, 5];

/** Main jobs, in the client's zone: office hours, split shifts, overnight support, part time. */
const MAIN: Template[] = [
  { title: 'Executive assistance', blocks: days(MON_FRI, '09:00', '17:00') },
  {
    title: 'Customer support (split shift)',
    blocks: [...days(MON_FRI, '08:00', '12:00'), ...days(MON_FRI, '13:00', '17:00')],
  },
  { title: 'Overnight support desk', blocks: days(MON_FRI, '22:00', '06:00') },
  { title: 'Bookkeeping', blocks: days([1, 3, 5], '09:00', '13:00') },
  { title: 'Social media and scheduling', blocks: days([2, 3, 4, 5, 6], '10:00', '18:00') },
];

/** Second jobs: short blocks that usually fit beside a main job in another zone. */
const SECOND: Template[] = [
  { title: 'Inbox and calendar (mornings)', blocks: days(MON_FRI, '07:00', '10:00') },
  { title: 'Lead research (afternoons)', blocks: days(MON_FRI, '14:00', '17:00') },
  { title: 'Weekend order processing', blocks: days([6, 7], '09:00', '13:00') },
  { title: 'Evening chat support', blocks: days([1, 2, 3, 4], '18:00', '21:00') },
];

type Planned = {
  vaId: number;
  clientId: number;
  title: string;
  status: ContractStatus;
  timezone: string;
  blocks: WeeklyBlock[];
  startDate: string;
  endDate: string | null;
};

/**
 * Demo contracts and schedules for the demo people (runs right after the people seed): most active VAs hold
 * an active contract, some a second one with a client in another zone that never overlaps the first in
 * absolute time (checked with the same function the API uses), plus drafts, paused and ended contracts.
 */
export async function seedDemoContracts(db: Db, log: { info(msg: string): void }, now = new Date()) {
  const people = await db
    .select({
      id: users.id,
      email: users.email,
      timezone: users.timezone,
      roles: users.roles,
      status: users.status,
    })
    .from(users)
    .where(and(eq(users.organizationId, 1), sql`${users.roles} && array['va','client']::text[]`))
    .orderBy(asc(users.id));
  const first = (email: string) => (a: { email: string }, b: { email: string }) =>
    Number(b.email === email) - Number(a.email === email);
  const vas = people
    .filter((u) => u.roles.includes('va') && u.status === 'active')
    .sort(first('va@example.com'));
  const clients = people
    .filter((u) => u.roles.includes('client') && u.status === 'active')
    .sort(first('client@example.com'));
  const onhold = people.filter((u) => u.roles.includes('client') && u.status === 'onhold');
  if (!vas.length || !clients.length) return;

  const today = formatUtcDate(now.getTime());
  const since = addDays(today, -90);
  const planned: Planned[] = [];
  const plan = (vaId: number, client: (typeof clients)[number], t: Template, status: ContractStatus) => {
    const ended = status === 'ended';
    planned.push({
      vaId,
      clientId: client.id,
      title: t.title,
      status,
      timezone: client.timezone,
      blocks: t.blocks,
      startDate: ended ? addDays(today, -200) : status === 'draft' ? addDays(today, 14) : since,
      endDate: ended ? addDays(today, -30) : null,
    });
  };
  /** A second job for the VA that does not meet `main` in absolute time, if one of the templates fits. */
  const fitting = (main: Planned, client: (typeof clients)[number]): Template | null => {
    const mine: ZonedSchedule = { timeZone: main.timezone, blocks: main.blocks };
    const windows = overlapHorizon(today, [main.timezone, client.timezone]);
    return (
      SECOND.find(
        (t) => !findScheduleConflict(mine, { timeZone: client.timezone, blocks: t.blocks }, windows),
      ) ?? null
    );
  };

  vas.forEach((va, i) => {
    // Every eighth VA is on the bench, without a contract.
    if (i > 0 && i % 8 === 7) return;
    const client = clients[i % clients.length];
    const status: ContractStatus = i > 0 && i % 10 === 4 ? 'paused' : 'active';
    plan(va.id, client, MAIN[i % MAIN.length], status);
    const main = planned[planned.length - 1];
    if (i === 0 || i % 3 === 0) {
      const other = clients.find((c, k) => k !== i % clients.length && c.timezone !== client.timezone);
      const t = other ? fitting(main, other) : null;
      if (other && t) plan(va.id, other, t, main.status === 'active' ? 'active' : 'draft');
    }
    if (i % 6 === 2) plan(va.id, clients[(i + 2) % clients.length], SECOND[i % SECOND.length], 'ended');
    if (i % 9 === 5) plan(va.id, clients[(i + 1) % clients.length], SECOND[(i + 1) % SECOND.length], 'draft');
  });
  if (onhold.length && vas.length > 1) plan(vas[1].id, onhold[0], MAIN[0], 'paused');

  const [org] = await db
    .select({ defaults: organizations.contractDefaults })
    .from(organizations)
    .where(eq(organizations.id, 1));
  const defaults = mergeContractDefaults(org?.defaults);
  const rows = await db
    .insert(contracts)
    .values(
      planned.map((c) => ({
        organizationId: 1,
        vaId: c.vaId,
        clientId: c.clientId,
        title: c.title,
        description: `${c.title} for the client, in the client's working hours.`,
        status: c.status,
        startDate: c.startDate,
        endDate: c.endDate,
        timezone: c.timezone,
        hourlyRate: String(6 + (c.vaId % 5)),
        currency: 'USD',
        activatedAt: c.status === 'draft' ? null : new Date(`${c.startDate}T00:00:00Z`),
      })),
    )
    .returning({ id: contracts.id });
  await db.insert(contractSettings).values(rows.map((r) => settingsValues(r.id, defaults)));
  await db.insert(schedules).values(
    rows.flatMap((r, k) =>
      planned[k].blocks.map((b) => ({
        organizationId: 1,
        contractId: r.id,
        weekday: b.weekday,
        startMinute: b.start_minute,
        endMinute: b.end_minute,
      })),
    ),
  );
  const active = rows.filter((_, k) => planned[k].status === 'active');
  if (active.length) {
    await db.insert(domainEvents).values(
      active.map((r) => ({
        organizationId: 1,
        type: 'contract.activated',
        payload: { contract_id: r.id, seeded: true },
        createdAt: now,
      })),
    );
  }
  log.info(`Seeded ${rows.length} demo contracts (${active.length} active)`);
}
