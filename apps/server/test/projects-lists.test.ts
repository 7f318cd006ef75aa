import { describe, expect, it } from 'vitest';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  ADMIN,
  ANA,
  as,
  BEN,
  columnsOf,
  MANAGER,
  MINA,
  makeTasks,
  ok,
  type ProjectsWorld,
  seedProjectsWorld,
  THEO,
} from './projects-fixtures';

// The lists a user starts from: projects (order, counts, filters; deleting one), and the tasks a VA may pick
// in the tracker.
let h: Harness;
let w: ProjectsWorld;
useWorld('each', seedProjectsWorld, (harness, world) => {
  h = harness;
  w = world;
});

const website = () => w.projects.website.id;

describe('projects', () => {
  it('are listed active first, then by name, with their counts; filtered by status, client and name', async () => {
    const mina = w.people.mina.id;
    const alpha = ok(
      await as(h, MANAGER, 'POST', 'projects', { name: 'alpha', client_id: mina, color: '#123abc' }),
      201,
    );
    expect(alpha).toMatchObject({
      client_id: mina,
      color: '#123abc',
      status: 'active',
      created_by: w.people.manager.id,
    });
    expect(alpha.client).toMatchObject({ id: mina, name: 'Mina Test' });
    const zulu = ok(await as(h, MINA, 'POST', 'projects', { name: 'Zulu', description: '*old*' }), 201);
    ok(await as(h, MINA, 'PATCH', `projects/${zulu.id}`, { status: 'archived' }));
    await makeTasks(h, MINA, alpha.id, ['One', 'Two']);
    const names = async (query: string) =>
      ok(await as(h, ADMIN, 'GET', `projects?${query}`)).data.map((p: { name: string }) => p.name);
    expect(await names('')).toEqual(['alpha', 'Books', 'Website', 'Zulu']);
    expect(await names('status=archived')).toEqual(['Zulu']);
    expect(await names(`client_id=${w.people.theo.id}`)).toEqual(['Books']);
    expect(await names('search=WEB')).toEqual(['Website']);
    const listed = ok(await as(h, MINA, 'GET', 'projects?per_page=1')).data[0];
    expect(listed).toMatchObject({ name: 'alpha', task_count: 2, open_task_count: 2, tracked_seconds: 0 });
    const bad = await as(h, MINA, 'POST', 'projects', { name: '', color: 'red' });
    expect(bad.body.codes).toEqual({
      name: [{ code: 'projects.name_required' }],
      color: [{ code: 'projects.color' }],
    });
  });

  it('deleting one takes its board, tasks and comments with it', async () => {
    const [task] = await makeTasks(h, MINA, website(), ['Gone']);
    ok(await as(h, ANA, 'POST', `tasks/${task.id}/comments`, { body: 'soon gone' }), 201);
    expect(ok(await as(h, MINA, 'DELETE', `projects/${website()}`))).toEqual({ message: 'Project deleted.' });
    expect((await as(h, MINA, 'GET', `task-boards/client-project/${website()}`)).status).toBe(404);
    expect((await as(h, ANA, 'GET', `tasks/${task.id}`)).status).toBe(404);
    expect(await columnsOf(h, website())).toEqual([]);
    ok(await as(h, ADMIN, 'DELETE', `projects/${w.projects.books.id}`));
    expect(ok(await as(h, ADMIN, 'GET', 'projects')).data).toEqual([]);
  });
});

describe('tasks a VA may pick in the tracker', () => {
  it('the open tasks of the client’s active projects: mine first, then the most pressing, then the soonest due', async () => {
    const make = (email: string, project: number, title: string, extra: Record<string, unknown> = {}) =>
      makeTasks(h, email, project, [title], extra);
    await make(MINA, website(), 'Low', { priority: 'low' });
    await make(MINA, website(), 'Urgent late', { priority: 'urgent', due_date: '2026-03-20' });
    await make(MINA, website(), 'Urgent soon', { priority: 'urgent', due_date: '2026-03-05' });
    await make(MINA, website(), 'Mine', { priority: 'low', assignee_id: w.people.ana.id });
    const [done] = await make(MINA, website(), 'Done');
    ok(
      await as(h, MINA, 'POST', `tasks/${done.id}/move`, {
        column_id: (await columnsOf(h, website()))[3].id,
      }),
    );
    const old = ok(await as(h, MINA, 'POST', 'projects', { name: 'Old site' }), 201);
    await make(MINA, old.id, 'Archived work');
    ok(await as(h, MINA, 'PATCH', `projects/${old.id}`, { status: 'archived' }));
    await make(THEO, w.projects.books.id, 'Theo’s');
    const list = ok(await as(h, ANA, 'GET', `client-tasks/contract/${w.contracts.c1.id}`)).data;
    expect(list.map((t: { title: string }) => t.title)).toEqual([
      'Mine',
      'Urgent soon',
      'Urgent late',
      'Low',
    ]);
    expect(list[0]).toMatchObject({
      assigned_to_me: true,
      project: { id: website(), name: 'Website' },
      column: { name: 'To do' },
      tracked_seconds: 0,
    });
    const ben = ok(await as(h, BEN, 'GET', `client-tasks/contract/${w.contracts.c2.id}`)).data;
    expect(ben.map((t: { title: string }) => t.title)).toEqual(['Theo’s']);
  });
});
