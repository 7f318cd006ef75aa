import { attendanceBlocks, attendancePings } from '../src/modules/attendance/attendance.table';
import { contracts } from '../src/modules/contracts/contracts.table';
import { insertShift, seedElsewhere, userMaker } from './attendance-world';
import type { FakeLlm } from './fake-llm';
import type { Harness } from './harness';

export const NOW = '2026-03-03T12:00:00Z';

/**
 * Organization 1: admin Ada, clients Cleo and Carl, VA Ann (Cleo's) and VA Bob (Carl's), manager Max with no
 * client (so nobody is in his scope), a super admin; organization 2 from `seedElsewhere`. Ann's shift of
 * 2026-03-02 ran an input simulator for 40 minutes; Bob's was ordinary.
 */
export async function seedAiWorld(h: Harness) {
  await h.reset();
  h.clock.set(NOW);
  const user = userMaker(h);
  const admin = await user('ada@home.test', 'admin', 'Ada');
  const cleo = await user('cleo@home.test', 'client', 'Cleo');
  const carl = await user('carl@home.test', 'client', 'Carl');
  const ann = await user('ann.secret@home.test', 'va', 'Annabel', { lastName: 'Quinterro' });
  const bob = await user('bob@home.test', 'va', 'Bob');
  const max = await user('max@home.test', 'manager', 'Max');
  const root = await h.createUser({ email: 'root@home.test', roles: ['super_admin'] });
  const elsewhere = await seedElsewhere(h);
  const contract = async (vaId: number, clientId: number) => {
    const [row] = await h.db
      .insert(contracts)
      .values({
        organizationId: 1,
        vaId,
        clientId,
        title: `Work ${vaId}`,
        status: 'active',
        startDate: '2026-01-01',
        timezone: 'UTC',
      })
      .returning();
    return row;
  };
  const annContract = await contract(ann.id, cleo.id);
  const bobContract = await contract(bob.id, carl.id);
  const worked = {
    status: 'completed' as const,
    startedAt: new Date('2026-03-02T09:00:00Z'),
    endedAt: new Date('2026-03-02T11:00:00Z'),
    workedSeconds: 7200,
    activeSeconds: 6000,
    idleSeconds: 1200,
  };
  const annShift = await insertShift(
    h,
    annContract,
    '2026-03-02',
    '2026-03-02T09:00:00Z',
    '2026-03-02T11:00:00Z',
    worked,
  );
  const bobShift = await insertShift(
    h,
    bobContract,
    '2026-03-02',
    '2026-03-02T09:00:00Z',
    '2026-03-02T11:00:00Z',
    worked,
  );
  const minute = (m: number) => new Date(Date.parse('2026-03-02T09:00:00Z') + m * 60_000);
  for (const [shift, simulator] of [
    [annShift, true],
    [bobShift, false],
  ] as const) {
    await h.db.insert(attendancePings).values(
      Array.from({ length: 120 }, (_, i) => ({
        organizationId: 1,
        attendanceId: shift.id,
        vaId: shift.vaId,
        clientId: crypto.randomUUID(),
        at: minute(i),
        keyboard: simulator && i >= 20 && i < 60 ? 50 : 30 + (i % 7),
        mouse: simulator && i >= 20 && i < 60 ? 25 : 10 + (i % 5),
        idleSeconds: 0,
        source: 'desktop' as const,
        receivedAt: minute(i),
      })),
    );
    await h.db.insert(attendanceBlocks).values(
      Array.from({ length: 12 }, (_, i) => ({
        attendanceId: shift.id,
        startAt: minute(i * 10),
        organizationId: 1,
        vaId: shift.vaId,
        trackedSeconds: 600,
        activeSeconds: 480,
        idleSeconds: 120,
        keyboard: 300,
        mouse: 100,
        pings: 10,
      })),
    );
  }
  return { admin, cleo, carl, ann, bob, max, root, elsewhere, annShift, bobShift };
}

export type AiWorld = Awaited<ReturnType<typeof seedAiWorld>>;

/** Waits until a job has finished the result (done or failed). */
export async function settled<T extends { status: string }>(
  read: () => Promise<T>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value.status === 'done' || value.status === 'failed') return value;
    if (Date.now() > deadline) throw new Error(`still ${value.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The evidence ids the model was shown in its last request's pack. */
export function idsShown(fake: FakeLlm, index = fake.requests.length - 1): string[] {
  const user = fake.requests[index].messages.find((m) => m.role === 'user')?.content ?? '';
  return [...user.matchAll(/"id":"(att[^"]+)"/g)].map((m) => m[1]);
}
