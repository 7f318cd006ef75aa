import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackedSecondsByItem } from '../src/modules/attendance/public';
import { seedDemo } from '../src/seed/demo';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts';
import { seedDemoAttendance } from '../src/seed/demo-attendance';
import { seedDemoContracts } from '../src/seed/demo-contracts';
import { seedDemoProjects } from '../src/seed/demo-projects';
import { seedDemoTimesheets } from '../src/seed/demo-timesheets';
import { createHarness, type Harness } from './harness';

// The demo's boards, as someone trying the product finds them: every client with a VA has a board with work in
// every column, assigned to their own VAs, a conversation, general tasks, and time already tracked on tasks.
let h: Harness;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await h.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  const log = { info: () => {} };
  const now = new Date();
  await seedDemo(h.db, log);
  await seedDemoContracts(h.db, log);
  await seedDemoAttendance(h.db, log, now);
  await seedDemoTimesheets(h.db, log, now);
  await seedDemoProjects(h.db, log, now);
  h.clock.set(now.toISOString());
}, 420_000);
afterAll(() => h?.close());

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
