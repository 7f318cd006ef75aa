import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/demo';
import { seedDemoAttendance } from '../src/seed/demo-attendance';
import { seedDemoContracts } from '../src/seed/demo-contracts';
import { seedDemoRequests } from '../src/seed/demo-requests';
import { createHarness, type Harness } from './harness';

// The demo's requests: every status and type the screens show, valid under the API's own rules.
let h: Harness;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await h.db.execute(query)) as unknown as { rows: T[] }).rows;
const log = { info: () => {} };

beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  // The demo is seeded around the real date; the engine builds shifts at the app's clock.
  h.clock.set(new Date().toISOString());
  await seedDemo(h.db, log);
  await seedDemoContracts(h.db, log);
  await seedDemoAttendance(h.db, log, new Date());
  await seedDemoRequests(h.db, h.deps.storage, log, new Date());
}, 180_000);
afterAll(() => h?.close());

describe('demo requests', () => {
  it('give the demo VA a pending sick leave with its note, an approved vacation, a rejected overtime, a make-up shift', async () => {
    const mine = await rows<{
      type: string;
      status: string;
      file_type: string | null;
      decision_note: string | null;
    }>(sql`
      select r.type, r.status, r.file_type, r.decision_note from user_requests r join users u on u.id = r.va_id
      where u.email = 'va@example.com' order by r.id`);
    expect(mine.map((r) => `${r.type} ${r.status}`)).toEqual([
      'sick_leave pending',
      'vacation_leave approved',
      'overtime rejected',
      'mus pending',
    ]);
    expect(mine[0].file_type).toBe('application/pdf');
    expect(mine[2].decision_note).toMatch(/Monday/);
    const others = await rows<{ n: number }>(sql`
      select count(*)::int n from user_requests r join users u on u.id = r.va_id where u.email <> 'va@example.com'`);
    expect(others[0].n).toBe(2);
  });

  it('put the approved vacation’s shifts on leave once the engine builds them, and raise the API’s events', async () => {
    // The demo's contracts raised `contract.activated`: the engine builds their windows now.
    await h.deps.events.drain();
    const shifts = await rows<{ status: string }>(sql`
      select a.status from attendances a join user_requests r on r.contract_id = a.contract_id
      where r.type = 'vacation_leave' and r.status = 'approved'
        and a.date between r.target_start_date and r.target_end_date`);
    expect(shifts.length).toBeGreaterThan(0);
    expect(shifts.every((s) => s.status === 'on_leave')).toBe(true);
    const events = await rows<{ type: string; n: number }>(sql`
      select type, count(*)::int n from domain_events where type like 'request.%' group by type order by type`);
    expect(events).toEqual([
      { type: 'request.created', n: 6 },
      { type: 'request.decided', n: 3 },
    ]);
  });

  it('keep their attachments in storage, served to the admin through a signed URL', async () => {
    const login = await h.login('admin@example.com', 'demo12345');
    const [sick] = await rows<{ id: number }>(
      sql`select id from user_requests where type = 'sick_leave' order by id limit 1`,
    );
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/v1/admin-access/user-requests/${sick.id}`,
      headers: { authorization: `Bearer ${login.access_token}` },
    });
    expect(res.statusCode).toBe(200);
    const file = await h.app.inject({ method: 'GET', url: res.json().file.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
