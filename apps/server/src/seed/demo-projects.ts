import { PROJECTS, type TaskPriority } from '@vahub/shared/projects/schemas';
import { addDays } from '@vahub/shared/time/dates';
import { localDate } from '@vahub/shared/time/zoned';
import { and, asc, eq, sql } from 'drizzle-orm';
import { generateNKeysBetween } from 'fractional-indexing';
import type { Db } from '../db/client';
import {
  attendancePings,
  attendances,
  boardColumns,
  contracts,
  generalTasks,
  projects,
  taskComments,
  tasks,
  users,
} from '../db/schema';

type Seed = {
  title: string;
  /** Index in the default board: 0 To do, 1 In progress, 2 Review, 3 Done. */
  column: 0 | 1 | 2 | 3;
  priority: TaskPriority;
  /** Days from today; null: no due date. */
  due: number | null;
  estimate?: number;
  description?: string;
};
type Template = { name: string; color: string; description: string; tasks: Seed[] };

const TEMPLATES: Template[] = [
  {
    name: 'Website refresh',
    color: '#228be6',
    description: 'New copy and pictures for the **home**, **services** and **contact** pages.',
    tasks: [
      { title: 'Collect testimonials from 5 clients', column: 0, priority: 'medium', due: 6 },
      { title: 'Write the new services page', column: 0, priority: 'high', due: 3, estimate: 180 },
      { title: 'Pick stock photos for the hero banner', column: 0, priority: 'low', due: null },
      {
        title: 'Rewrite the home page copy',
        column: 1,
        priority: 'high',
        due: 1,
        estimate: 240,
        description: '- Shorter headline\n- Three benefits\n- One call to action',
      },
      { title: 'Update the team bios', column: 1, priority: 'medium', due: 4 },
      { title: 'Check all contact forms', column: 2, priority: 'urgent', due: 0, estimate: 45 },
      { title: 'Fix broken links found by the audit', column: 3, priority: 'medium', due: -3 },
      { title: 'Export the old site as a backup', column: 3, priority: 'low', due: -6 },
    ],
  },
  {
    name: 'Customer inbox',
    color: '#12b886',
    description: 'Shared inbox hygiene and the canned replies the team uses.',
    tasks: [
      { title: 'Draft canned replies for refund requests', column: 0, priority: 'medium', due: 5 },
      { title: 'Tag last month’s tickets by topic', column: 0, priority: 'low', due: null, estimate: 120 },
      { title: 'Answer the weekend backlog', column: 1, priority: 'urgent', due: 0, estimate: 150 },
      { title: 'Set up the out-of-office auto reply', column: 2, priority: 'medium', due: 2 },
      { title: 'Archive resolved threads older than 90 days', column: 3, priority: 'low', due: -2 },
      { title: 'Merge duplicate customer records', column: 3, priority: 'medium', due: -5 },
    ],
  },
  {
    name: 'Monthly bookkeeping',
    color: '#fab005',
    description: 'Close the month: receipts, invoices and the bank reconciliation.',
    tasks: [
      { title: 'Chase three unpaid invoices', column: 0, priority: 'high', due: 2 },
      { title: 'Prepare the VAT summary', column: 0, priority: 'medium', due: 10, estimate: 90 },
      { title: 'Categorise card transactions', column: 1, priority: 'medium', due: 1, estimate: 120 },
      { title: 'Reconcile the business account', column: 2, priority: 'high', due: 0 },
      { title: 'Upload receipts to the shared folder', column: 3, priority: 'low', due: -4 },
    ],
  },
  {
    name: 'Social media calendar',
    color: '#e64980',
    description: 'Two posts a week on Instagram and LinkedIn; stories on Fridays.',
    tasks: [
      { title: 'Plan next month’s themes', column: 0, priority: 'medium', due: 8 },
      { title: 'Design five quote cards', column: 0, priority: 'low', due: null, estimate: 150 },
      { title: 'Write captions for next week', column: 1, priority: 'high', due: 2, estimate: 60 },
      { title: 'Schedule the Friday stories', column: 2, priority: 'medium', due: 1 },
      { title: 'Report last month’s engagement', column: 3, priority: 'medium', due: -7 },
    ],
  },
];

const GENERAL = [
  { name: 'Meetings', description: 'Calls and meetings with the client or the team.' },
  { name: 'Training', description: 'Onboarding, courses and learning a new tool.' },
];

const mention = (p: { id: number; name: string }) => `@[${p.name}](#user-${p.id})`;

/** Every client with an active contract in the demo organization, with those VAs (by contract age). */
async function clientsWithVas(db: Db) {
  const rows = await db
    .select({
      clientId: contracts.clientId,
      vaId: contracts.vaId,
      first: users.firstName,
      last: users.lastName,
    })
    .from(contracts)
    .innerJoin(users, eq(users.id, contracts.vaId))
    .where(and(eq(contracts.organizationId, 1), eq(contracts.status, 'active')))
    .orderBy(asc(contracts.clientId), asc(contracts.id));
  const byClient = new Map<number, Array<{ id: number; name: string }>>();
  for (const r of rows) {
    const list = byClient.get(r.clientId) ?? [];
    if (!list.some((v) => v.id === r.vaId)) list.push({ id: r.vaId, name: `${r.first} ${r.last}`.trim() });
    byClient.set(r.clientId, list);
  }
  return byClient;
}

/**
 * Demo projects (runs after the timesheets seed): one or two boards per client with an active contract, tasks in
 * every column assigned to the client's VAs, a short conversation with a mention, the general tasks "Meetings"
 * and "Training", and the raw pings the attendance seed kept (the last days) naming those tasks in turns of 45
 * minutes (every fourth turn a meeting), so tracked time shows on tasks, boards and the projects report.
 */
export async function seedDemoProjects(db: Db, log: { info(msg: string): void }, now = new Date()) {
  if (
    (await db.select({ id: projects.id }).from(projects).where(eq(projects.organizationId, 1)).limit(1))
      .length
  )
    return;
  const [demoClient] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = 'client@example.com'`);
  const general = await db
    .insert(generalTasks)
    .values(GENERAL.map((g) => ({ organizationId: 1, ...g, createdAt: now })))
    .returning();
  const clients = [...(await clientsWithVas(db)).entries()];
  let projectCount = 0;
  let taskCount = 0;
  for (const [index, [clientId, vas]] of clients.entries()) {
    const today = localDate(now, 'UTC');
    const templates = [TEMPLATES[index % TEMPLATES.length]];
    if (clientId === demoClient?.id || index % 3 === 0)
      templates.push(TEMPLATES[(index + 1) % TEMPLATES.length]);
    const open: number[] = [];
    for (const t of templates) {
      const [project] = await db
        .insert(projects)
        .values({
          organizationId: 1,
          clientId,
          name: t.name,
          description: t.description,
          color: t.color,
          createdBy: clientId,
          createdAt: new Date(now.getTime() - 21 * 86_400_000),
          updatedAt: now,
        })
        .returning();
      projectCount++;
      const keys = generateNKeysBetween(null, null, PROJECTS.defaultColumns.length);
      const columns = await db
        .insert(boardColumns)
        .values(
          PROJECTS.defaultColumns.map((name, i) => ({ projectId: project.id, name, position: keys[i] })),
        )
        .returning();
      const taskKeys = generateNKeysBetween(null, null, t.tasks.length);
      const inserted = await db
        .insert(tasks)
        .values(
          t.tasks.map((s, i) => ({
            organizationId: 1,
            projectId: project.id,
            columnId: columns[s.column].id,
            title: s.title,
            description: s.description ?? '',
            // Every third task waits for someone to pick it up.
            assigneeId: i % 3 === 2 ? null : vas[i % vas.length].id,
            dueDate: s.due === null ? null : addDays(today, s.due),
            priority: s.priority,
            position: taskKeys[i],
            estimateMinutes: s.estimate ?? null,
            completedAt: s.column === 3 ? new Date(now.getTime() + (s.due ?? -1) * 86_400_000) : null,
            createdBy: clientId,
            createdAt: project.createdAt,
            updatedAt: now,
          })),
        )
        .returning();
      taskCount += inserted.length;
      open.push(...inserted.filter((task) => task.columnId !== columns[3].id).map((task) => task.id));
      const talk = inserted.find((task) => task.columnId === columns[1].id);
      if (talk) {
        const va = vas.find((v) => v.id === talk.assigneeId) ?? vas[0];
        const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
        await db.insert(taskComments).values([
          {
            taskId: talk.id,
            authorId: va.id,
            body: 'Started on this: a first draft is in the shared folder.',
            createdAt: at(26),
            updatedAt: at(26),
          },
          {
            taskId: talk.id,
            authorId: clientId,
            body: `Thanks ${mention(va)}! Could you keep it **short**? One screen at most.`,
            createdAt: at(20),
            updatedAt: at(20),
          },
          {
            taskId: talk.id,
            authorId: va.id,
            body: 'Sure, I will send the shorter version today.',
            createdAt: at(19),
            updatedAt: at(19),
          },
        ]);
      }
    }
    if (open.length) await namePings(db, clientId, open, general[0].id);
  }
  log.info(
    `Seeded ${projectCount} demo projects with ${taskCount} tasks and the general tasks Meetings, Training`,
  );
}

/** The kept pings of this client's shifts name its open tasks in 45-minute turns; every fourth turn a meeting. */
async function namePings(db: Db, clientId: number, taskIds: number[], meetingsId: number) {
  const turn = sql`(floor(extract(epoch from (${attendancePings.at} - ${attendances.startedAt})) / 2700)::int + ${attendances.id})`;
  const list = sql`array[${sql.join(
    taskIds.map((id) => sql`${id}::int`),
    sql`, `,
  )}]`;
  await db.execute(sql`
    update ${attendancePings} set
      task_id = case when ${turn} % 4 = 3 then null else (${list})[1 + ${turn} % ${taskIds.length}] end,
      general_task_id = case when ${turn} % 4 = 3 then ${meetingsId}::int else null end
    from ${attendances}
    where ${attendances.id} = ${attendancePings.attendanceId} and ${attendances.clientId} = ${clientId}
      and ${attendances.organizationId} = 1 and ${attendances.startedAt} is not null`);
}
