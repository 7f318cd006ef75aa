import { formatUtcDate } from '@vahub/shared/time/dates';
import { findScheduleConflict, overlapHorizon } from '@vahub/shared/time/schedule-blocks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, schedules } from '../src/modules/contracts/contracts.table';
import { users } from '../src/modules/people/users.table';
import { seedDemo } from '../src/seed/demo';
import { seedDemoContracts } from '../src/seed/demo-contracts';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  const log = { info: () => {} };
  await seedDemo(h.db, log);
  await seedDemoContracts(h.db, log);
});
afterAll(() => h?.close());

describe('demo contracts', () => {
  it('gives the demo VA an active contract with the demo client and a second one elsewhere', async () => {
    const [va] = await h.db.select().from(users).where(eq(users.email, 'va@example.com'));
    const [client] = await h.db.select().from(users).where(eq(users.email, 'client@example.com'));
    const mine = await h.db.select().from(contracts).where(eq(contracts.vaId, va.id));
    const active = mine.filter((c) => c.status === 'active');
    expect(active.length).toBeGreaterThanOrEqual(2);
    expect(active.find((c) => c.clientId === client.id)?.timezone).toBe('America/Los_Angeles');
    expect(active.some((c) => c.clientId !== client.id)).toBe(true);
  });

  it('has every status, overnight and split shifts, and no VA with overlapping active contracts', async () => {
    const all = await h.db.select().from(contracts);
    const statuses = new Set(all.map((c) => c.status));
    expect([...statuses].sort()).toEqual(['active', 'draft', 'ended', 'paused']);
    const blocks = await h.db.select().from(schedules);
    expect(blocks.some((b) => b.endMinute <= b.startMinute)).toBe(true);
    const byContract = new Map<number, typeof blocks>();
    for (const b of blocks) byContract.set(b.contractId, [...(byContract.get(b.contractId) ?? []), b]);
    expect(all.every((c) => (byContract.get(c.id) ?? []).length > 0)).toBe(true);
    const active = all.filter((c) => c.status === 'active');
    const byVa = new Map<number, typeof active>();
    for (const c of active) byVa.set(c.vaId, [...(byVa.get(c.vaId) ?? []), c]);
    const twoClients = [...byVa.values()].filter((list) => list.length > 1);
    expect(twoClients.length).toBeGreaterThanOrEqual(2);
    const today = formatUtcDate(Date.now());
    const asSchedule = (c: (typeof active)[number]) => ({
      timeZone: c.timezone,
      blocks: (byContract.get(c.id) ?? []).map((b) => ({
        weekday: b.weekday,
        start_minute: b.startMinute,
        end_minute: b.endMinute,
      })),
    });
    for (const [a, b] of twoClients) {
      expect(a.timezone).not.toBe(b.timezone);
      const windows = overlapHorizon(today, [a.timezone, b.timezone]);
      expect(findScheduleConflict(asSchedule(a), asSchedule(b), windows)).toBeNull();
    }
  });
});
