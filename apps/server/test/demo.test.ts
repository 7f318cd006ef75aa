import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackedSecondsByItem } from '../src/modules/attendance/public';
import { seedDemo } from '../src/seed/demo';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts';
import { seedDemoAttendance } from '../src/seed/demo-attendance';
import { seedDemoContracts } from '../src/seed/demo-contracts';
import { seedDemoProjects } from '../src/seed/demo-projects';
import { seedDemoRequests } from '../src/seed/demo-requests';
import { seedDemoScreenshots } from '../src/seed/demo-screenshots';
import { seedDemoTimesheets } from '../src/seed/demo-timesheets';
import { createHarness, type Harness } from './harness';

// The demo as someone trying the product finds it, seeded once for this file (the whole demo costs tens of seconds
// on PGlite): eight weeks of attendance, timesheets, screenshots, requests in every state, projects with boards.
let h: Harness;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await h.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  const log = { info: () => {} };
  const now = new Date();
  // The engine builds shifts at the app's clock.
  h.clock.set(now.toISOString());
  await seedDemo(h.db, log);
  await seedDemoContracts(h.db, log);
  await seedDemoAttendance(h.db, log, now);
  await seedDemoTimesheets(h.db, log, now);
  await seedDemoRequests(h.db, h.deps.storage, log, now);
  await seedDemoProjects(h.db, log, now);
}, 600_000);
afterAll(() => h?.close());

describe('demo attendance history', () => {
  it('covers eight weeks with on-time and late days, absences and every way a shift ends', async () => {
    const [span] = await rows<{ days: number }>(
      sql`select (max(date) - min(date))::int as days from attendances where status <> 'upcoming'`,
    );
    expect(span.days).toBeGreaterThanOrEqual(54);
    const statuses = await rows<{ status: string; n: number }>(
      sql`select status, count(*)::int n from attendances group by status order by status`,
    );
    const by = Object.fromEntries(statuses.map((s) => [s.status, s.n]));
    expect(by.completed).toBeGreaterThan(500);
    expect(by.absent).toBeGreaterThan(10);
    expect(by.absent / by.completed).toBeLessThan(0.1);
    const reasons = await rows<{ end_reason: string }>(
      sql`select distinct end_reason from attendances where status = 'completed' order by 1`,
    );
    expect(reasons.map((r) => r.end_reason)).toEqual(['auto_close', 'clock_out', 'forced_logout']);
    const [late] = await rows<{ n: number }>(
      sql`select count(*)::int n from attendances where late_minutes > 0`,
    );
    expect(late.n).toBeGreaterThan(20);
  });

  it('has a timesheet for every started shift: older weeks approved and frozen, a disputed week for the demo VA', async () => {
    const [missing] = await rows<{ n: number }>(sql`
      select count(*)::int n from attendances a
      where a.started_at is not null and not exists (select 1 from timesheets t where t.attendance_id = a.id)`);
    expect(missing.n).toBe(0);
    const [approved] = await rows<{ n: number; unfrozen: number }>(sql`
      select count(*)::int n, count(*) filter (where frozen_worked_minutes is null)::int unfrozen
      from timesheets where status = 'approved'`);
    expect(approved.n).toBeGreaterThan(100);
    expect(approved.unfrozen).toBe(0);
    const disputed = await rows<{ email: string; comment: string }>(sql`
      select u.email, s.comment from timesheet_sign_offs s join users u on u.id = s.va_id
      where s.decision = 'dispute'`);
    expect(disputed).toEqual([{ email: 'va@example.com', comment: expect.stringContaining('Tuesday') }]);
    const [adjusted] = await rows<{ n: number }>(sql`
      select count(*)::int n from timesheets where adjustment_minutes = 30 and note like 'Worked offline%'`);
    expect(adjusted.n).toBe(1);
  });

  it('keeps every shift on its schedule and overnight shifts on the date they start', async () => {
    const off = await rows<{ id: number }>(sql`
      select a.id from attendances a join schedules s on s.id = a.schedule_id
      where extract(isodow from a.date) <> s.weekday`);
    expect(off).toEqual([]);
    const overnight = await rows<{ date: string; local_end: string }>(sql`
      select a.date::text, (a.scheduled_end_at at time zone a.timezone)::date::text as local_end
      from attendances a join schedules s on s.id = a.schedule_id
      where s.end_minute <= s.start_minute limit 5`);
    expect(overnight.length).toBeGreaterThan(0);
    for (const o of overnight) expect(o.local_end > o.date).toBe(true);
  });

  it('has sums that equal the activity blocks, idle spells logged, and raw pings only for recent days', async () => {
    const mismatched = await rows<{ id: number }>(sql`
      select a.id from attendances a
      left join (select attendance_id, sum(tracked_seconds) t, sum(active_seconds) act, sum(idle_seconds) i
                 from attendance_blocks group by attendance_id) b on b.attendance_id = a.id
      where a.status = 'completed'
        and (coalesce(b.t, 0) <> a.worked_seconds or coalesce(b.act, 0) <> a.active_seconds
             or coalesce(b.i, 0) <> a.idle_seconds or a.worked_seconds <> a.active_seconds + a.idle_seconds)`);
    expect(mismatched).toEqual([]);
    const [idle] = await rows<{ n: number }>(
      sql`select count(*)::int n from attendance_logs where type = 'idle_start'`,
    );
    expect(idle.n).toBeGreaterThan(20);
    const [pings] = await rows<{ oldest: string | null; n: number }>(
      sql`select min(a.date)::text oldest, count(*)::int n from attendance_pings p join attendances a on a.id = p.attendance_id`,
    );
    expect(pings.n).toBeGreaterThan(1000);
    const [{ recent }] = await rows<{ recent: string }>(sql`select (current_date - 3)::text recent`);
    expect(pings.oldest && pings.oldest >= recent).toBe(true);
  });

  it('is written once: a second run adds nothing', async () => {
    const [before] = await rows<{ n: number }>(sql`select count(*)::int n from attendance_blocks`);
    await seedDemoAttendance(h.db, { info: () => {} }, new Date());
    const [after] = await rows<{ n: number }>(sql`select count(*)::int n from attendance_blocks`);
    expect(after.n).toBe(before.n);
  });
});

describe('demo screenshots', () => {
  it('cover the recent shifts under each contract tier, in a few hundred rows whose files exist', async () => {
    // (How long it takes is the bench's to say, not a test's: a busy machine is not a failure.)
    await seedDemoScreenshots(h.db, h.deps.storage, { info: () => {} }, new Date());
    const tiers = await rows<{ tier: string; blurred: boolean; n: number }>(sql`
      select cs.screenshot_privacy tier, s.blurred, count(*)::int n from screenshots s
      join contract_settings cs on cs.contract_id = s.contract_id group by 1, 2 order by 1, 2`);
    expect(tiers.map((t) => [t.tier, t.blurred])).toEqual([
      ['blurred', true],
      ['full', false],
    ]);
    const total = tiers.reduce((sum, t) => sum + t.n, 0);
    expect(total).toBeGreaterThan(100);
    expect(total).toBeLessThanOrEqual(400);
    const [{ n: activityOnly }] = await rows<{ n: number }>(
      sql`select count(*)::int n from contract_settings where screenshot_privacy = 'activity_only'`,
    );
    expect(activityOnly).toBeGreaterThan(0);
    // Captures lie inside their shifts; the demo VA's carry two screens.
    const outside = await rows<{ id: number }>(sql`
      select s.id from screenshots s join attendances a on a.id = s.attendance_id
      where s.taken_at < a.started_at or s.taken_at > coalesce(a.ended_at, now())`);
    expect(outside).toEqual([]);
    const [{ screens }] = await rows<{ screens: number }>(
      sql`select max(screen)::int screens from screenshots`,
    );
    expect(screens).toBe(1);
    const [one] = await rows<{ image_key: string }>(
      sql`select image_key from screenshots where not blurred limit 1`,
    );
    const file = await h.deps.storage.get(one.image_key);
    expect(file?.contentType).toBe('image/jpeg');
    file?.body.destroy();
  });
});

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

describe('demo projects', () => {
  it('give every client with an active contract a board with tasks in every column, for their own VAs', async () => {
    const [missing] = await rows<{ n: number }>(sql`
      select count(distinct c.client_id)::int n from contracts c
      where c.status = 'active' and not exists (select 1 from projects p where p.client_id = c.client_id)`);
    expect(missing.n).toBe(0);
    const emptyColumns = await rows<{ id: number }>(sql`
      select bc.id from board_columns bc where not exists (select 1 from tasks t where t.column_id = bc.id)`);
    expect(emptyColumns).toEqual([]);
    const strangers = await rows<{ id: number }>(sql`
      select t.id from tasks t join projects p on p.id = t.project_id
      where t.assignee_id is not null and not exists (
        select 1 from contracts c where c.va_id = t.assignee_id and c.client_id = p.client_id and c.status = 'active')`);
    expect(strangers).toEqual([]);
    const [comments] = await rows<{ n: number; mentions: number }>(sql`
      select count(*)::int n, count(*) filter (where body like '%](#user-%')::int mentions from task_comments`);
    expect(comments.mentions).toBeGreaterThan(0);
    expect(comments.n).toBeGreaterThan(comments.mentions);
    const general = await rows<{ name: string }>(sql`select name from general_tasks order by name`);
    expect(general.map((g) => g.name)).toEqual(['Meetings', 'Training']);
  });

  it('shows tracked time on the demo client’s tasks, and the shifts’ named time adds up to their worked time', async () => {
    const token = await h.login('client@example.com', DEMO_PASSWORD);
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/v1/client-access/projects',
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(res.statusCode).toBe(200);
    const projects = res.json().data as Array<{ tracked_seconds: number; task_count: number }>;
    expect(projects.length).toBe(2);
    expect(projects.some((p) => p.tracked_seconds > 0)).toBe(true);
    // The shifts whose pings were kept (the last days): those of clients with a board name a task or a general
    // task in every ping, and the time per task and general task adds up to those shifts' worked time.
    const [unnamed] = await rows<{ n: number }>(sql`
      select count(*)::int n from attendance_pings p join attendances a on a.id = p.attendance_id
      where p.task_id is null and p.general_task_id is null
        and exists (select 1 from projects x where x.client_id = a.client_id)`);
    expect(unnamed.n).toBe(0);
    const [named] = await rows<{ worked: number; shifts: number }>(sql`
      select coalesce(sum(a.worked_seconds), 0)::int worked, count(*)::int shifts from attendances a
      where exists (select 1 from attendance_pings p where p.attendance_id = a.id)
        and exists (select 1 from projects x where x.client_id = a.client_id)`);
    expect(named.shifts).toBeGreaterThan(5);
    const taskIds = (await rows<{ id: number }>(sql`select id from tasks`)).map((r) => r.id);
    const generalIds = (await rows<{ id: number }>(sql`select id from general_tasks`)).map((r) => r.id);
    const sum = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    const tracked =
      sum(await trackedSecondsByItem(h.db, 1, { taskIds })) +
      sum(await trackedSecondsByItem(h.db, 1, { generalTaskIds: generalIds }));
    expect(tracked).toBe(named.worked);
  });
});
