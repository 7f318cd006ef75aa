import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.table';
import { tasks } from '../src/modules/projects/projects.table';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  ADMIN,
  ANA,
  as,
  columnsOf,
  eventsOf,
  MANAGER,
  MINA,
  makeTasks,
  ok,
  type ProjectsWorld,
  seedProjectsWorld,
} from './projects-fixtures';

// What a task holds and who is told: markdown kept as written, assignees, comments with their rights,
// mentions, filters in the viewer's own day, the audit trail.
let h: Harness;
let w: ProjectsWorld;
useWorld('each', seedProjectsWorld, (harness, world) => {
  h = harness;
  w = world;
});

const website = () => w.projects.website.id;
const mention = (name: string, id: number) => `@[${name}](#user-${id})`;

describe('markdown', () => {
  it('is stored and returned exactly as written: a <script> stays text, nothing strips or runs it', async () => {
    const markdown = [
      '# Plan <script>alert("x")</script>',
      '<img src=x onerror="alert(1)"> [link](javascript:alert(1)) **bold** & <b>',
      '> quote\n\n```html\n<iframe src="//evil"></iframe>\n```',
    ].join('\n');
    const [task] = await makeTasks(h, MINA, website(), ['Markup'], { description: markdown });
    expect(task.description).toBe(markdown);
    const [row] = await h.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row.description).toBe(markdown);
    const comment = ok(await as(h, ANA, 'POST', `tasks/${task.id}/comments`, { body: markdown }), 201);
    expect(comment.body).toBe(markdown);
    const listed = ok(await as(h, MINA, 'GET', `tasks-comments/task/${task.id}`));
    expect(listed.data[0].body).toBe(markdown);
    const detail = ok(await as(h, ANA, 'GET', `tasks/${task.id}`));
    expect(detail.description).toBe(markdown);
  });
});

describe('a task', () => {
  it('is changed by its supervisors; an assignee must be a VA with an active contract with the client', async () => {
    const [task] = await makeTasks(h, MINA, website(), ['Copy']);
    const changed = ok(
      await as(h, MANAGER, 'PATCH', `tasks/${task.id}`, {
        title: 'Copy for the landing page',
        priority: 'urgent',
        due_date: '2026-03-09',
        estimate_minutes: 90,
        assignee_id: w.people.ana.id,
      }),
    );
    expect(changed).toMatchObject({
      title: 'Copy for the landing page',
      priority: 'urgent',
      due_date: '2026-03-09',
      estimate_minutes: 90,
      assignee_id: w.people.ana.id,
      assignee: { id: w.people.ana.id, name: 'Ana Test' },
    });
    // Ben's contract with Mina is paused; Theo is a client; Gus works elsewhere.
    for (const id of [w.people.ben.id, w.people.theo.id, w.people.va2.id, 999_999]) {
      const res = await as(h, MINA, 'PATCH', `tasks/${task.id}`, { assignee_id: id });
      expect(res.status).toBe(422);
      expect(res.body.codes.assignee_id).toEqual([{ code: 'projects.assignee_not_va' }]);
    }
    const board = ok(await as(h, MINA, 'GET', `task-boards/client-project/${website()}`));
    expect(board.assignees.map((p: { id: number }) => p.id)).toEqual([w.people.ana.id]);
    const cleared = ok(await as(h, MINA, 'PATCH', `tasks/${task.id}`, { assignee_id: null, due_date: null }));
    expect([cleared.assignee_id, cleared.due_date]).toEqual([null, null]);
    const bad = await as(h, MINA, 'PATCH', `tasks/${task.id}`, { title: ' ', priority: 'soon' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.codes).sort()).toEqual(['priority', 'title']);
  });

  it('raises task.assigned when someone else assigns it, with what the notification needs', async () => {
    const [task] = await makeTasks(h, MINA, website(), ['Logo'], { assignee_id: w.people.ana.id });
    ok(await as(h, MINA, 'PATCH', `tasks/${task.id}`, { title: 'New logo' }));
    ok(await as(h, MINA, 'PATCH', `tasks/${task.id}`, { assignee_id: null }));
    ok(await as(h, ADMIN, 'PATCH', `tasks/${task.id}`, { assignee_id: w.people.ana.id }));
    const events = await eventsOf(h, 'task.assigned');
    expect(events).toEqual([
      {
        task_id: task.id,
        project_id: website(),
        client_id: w.people.mina.id,
        assignee_id: w.people.ana.id,
        title: 'Logo',
        actor_id: w.people.mina.id,
      },
      expect.objectContaining({ title: 'New logo', actor_id: w.people.admin.id }),
    ]);
  });

  it('leaves an audit trail of creates, updates, moves and deletes', async () => {
    const [task] = await makeTasks(h, MINA, website(), ['Audit me']);
    ok(await as(h, MANAGER, 'PATCH', `tasks/${task.id}`, { priority: 'high' }));
    ok(
      await as(h, ANA, 'POST', `tasks/${task.id}/move`, { column_id: (await columnsOf(h, website()))[1].id }),
    );
    ok(await as(h, ADMIN, 'DELETE', `tasks/${task.id}`));
    const entries = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'task'), eq(auditLog.entityId, task.id)))
      .orderBy(asc(auditLog.id));
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([
      ['task.created', w.people.mina.id],
      ['task.updated', w.people.manager.id],
      ['task.moved', w.people.ana.id],
      ['task.deleted', w.people.admin.id],
    ]);
    expect((entries[1].after as { priority: string }).priority).toBe('high');
    const project = await h.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'project'), eq(auditLog.entityId, website())));
    expect(project.map((e) => e.action)).toEqual(['project.created']);
  });

  it('filters: the board by assignee, priority and due date in the viewer’s own day; the list by open', async () => {
    // 02:00 UTC on 3 March: 10:00 on the 3rd in Manila (Ana), 21:00 on the 2nd in New York (Mina).
    h.clock.set('2026-03-03T02:00:00Z');
    const make = (title: string, extra: Record<string, unknown>) =>
      makeTasks(h, MINA, website(), [title], extra);
    await make('Late', { due_date: '2026-03-01', priority: 'high' });
    await make('Second', { due_date: '2026-03-02', assignee_id: w.people.ana.id });
    await make('Third', { due_date: '2026-03-03', priority: 'high' });
    await make('Next week', { due_date: '2026-03-12' });
    await make('Undated', {});
    const [done] = await make('Done late', { due_date: '2026-03-01' });
    const last = (await columnsOf(h, website()))[3].id;
    ok(await as(h, MINA, 'POST', `tasks/${done.id}/move`, { column_id: last }));
    const titles = async (email: string, query: string) => {
      const board = ok(await as(h, email, 'GET', `task-boards/client-project/${website()}?${query}`));
      return board.columns.flatMap((c: { tasks: Array<{ title: string }> }) => c.tasks.map((t) => t.title));
    };
    expect(await titles(MINA, 'due=overdue')).toEqual(['Late']);
    expect(await titles(ANA, 'due=overdue')).toEqual(['Late', 'Second']);
    expect(await titles(MINA, 'due=today')).toEqual(['Second']);
    expect(await titles(ANA, 'due=today')).toEqual(['Third']);
    expect(await titles(MINA, 'due=week')).toEqual(['Second', 'Third']);
    expect(await titles(ANA, 'due=week')).toEqual(['Third']);
    expect(await titles(ANA, 'due=none')).toEqual(['Undated']);
    expect(await titles(ANA, `assignee_id=${w.people.ana.id}`)).toEqual(['Second']);
    expect(await titles(ANA, 'priority=high')).toEqual(['Late', 'Third']);
    const list = async (query: string) =>
      ok(await as(h, MANAGER, 'GET', `tasks?${query}`)).data.map((t: { title: string }) => t.title);
    // Soonest due first, undated last; the most pressing first on the same day.
    expect(await list('open=true')).toEqual(['Late', 'Second', 'Third', 'Next week', 'Undated']);
    expect(await list('open=false')).toEqual(['Done late']);
    expect(await list('priority=high&per_page=1&page=2')).toEqual(['Third']);
  });
});

describe('comments', () => {
  it('oldest first; the author edits; the author or an admin deletes; each viewer is told what they may do', async () => {
    const [task] = await makeTasks(h, MINA, website(), ['Talk']);
    const first = ok(await as(h, ANA, 'POST', `tasks/${task.id}/comments`, { body: 'First' }), 201);
    h.clock.advance(60_000);
    const second = ok(await as(h, MINA, 'POST', `tasks/${task.id}/comments`, { body: 'Second' }), 201);
    expect(first).toMatchObject({
      author_id: w.people.ana.id,
      edited: false,
      can_edit: true,
      can_delete: true,
    });
    const seen = async (email: string) =>
      ok(await as(h, email, 'GET', `tasks-comments/task/${task.id}`)).data.map(
        (c: { body: string; can_edit: boolean; can_delete: boolean }) => [c.body, c.can_edit, c.can_delete],
      );
    expect(await seen(ANA)).toEqual([
      ['First', true, true],
      ['Second', false, false],
    ]);
    expect(await seen(ADMIN)).toEqual([
      ['First', false, true],
      ['Second', false, true],
    ]);
    h.clock.advance(60_000);
    const edited = ok(await as(h, ANA, 'PATCH', `tasks-comments/${first.id}`, { body: 'First, edited' }));
    expect(edited).toMatchObject({ body: 'First, edited', edited: true });
    const notMine = await as(h, MINA, 'PATCH', `tasks-comments/${first.id}`, { body: 'x' });
    expect(notMine.status).toBe(403);
    expect(notMine.body.message_code).toEqual({ code: 'projects.not_your_comment' });
    expect((await as(h, ADMIN, 'PATCH', `tasks-comments/${second.id}`, { body: 'x' })).status).toBe(403);
    expect((await as(h, MINA, 'DELETE', `tasks-comments/${first.id}`)).status).toBe(403);
    ok(await as(h, ADMIN, 'DELETE', `tasks-comments/${first.id}`));
    ok(await as(h, MINA, 'DELETE', `tasks-comments/${second.id}`));
    expect(ok(await as(h, ANA, 'GET', `tasks-comments/task/${task.id}`)).data).toEqual([]);
    const empty = await as(h, ANA, 'POST', `tasks/${task.id}/comments`, { body: '  ' });
    expect(empty.body.codes.body).toEqual([{ code: 'projects.comment_required' }]);
  });

  it('mentions raise task.mentioned for the named users who may see the task, once each', async () => {
    const [task] = await makeTasks(h, MINA, website(), ['Launch']);
    const p = w.people;
    const body = [
      mention('Ana Test', p.ana.id),
      mention('Mia Test', p.manager.id),
      mention('Ben Test', p.ben.id), // paused contract with Mina
      mention('Theo Test', p.theo.id), // another client
      mention('Gus Test', p.va2.id), // another organization
      mention('Mina Test', p.mina.id), // the author
      mention('Ana again', p.ana.id),
    ].join(' ');
    const comment = ok(await as(h, MINA, 'POST', `tasks/${task.id}/comments`, { body }), 201);
    ok(
      await as(h, MINA, 'PATCH', `tasks-comments/${comment.id}`, {
        body: `${body} and ${mention('Ada Test', p.admin.id)}`,
      }),
    );
    ok(
      await as(h, ANA, 'POST', `tasks/${task.id}/comments`, { body: `${mention('Theo', p.theo.id)} hi` }),
      201,
    );
    expect(await eventsOf(h, 'task.mentioned')).toEqual([
      {
        task_id: task.id,
        project_id: website(),
        client_id: p.mina.id,
        comment_id: comment.id,
        user_ids: [p.ana.id, p.manager.id],
        title: 'Launch',
        actor_id: p.mina.id,
      },
      expect.objectContaining({ comment_id: comment.id, user_ids: [p.admin.id] }),
    ]);
  });
});
