import { beforeAll, describe, expect, it } from 'vitest';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  ADMIN,
  ADMIN2,
  ANA,
  api,
  as,
  BEN,
  CLIENT2,
  IDLE_MANAGER,
  LEADER,
  MANAGER,
  MINA,
  makeTasks,
  ok,
  type ProjectsWorld,
  seedProjectsWorld,
  THEO,
  VA2,
} from './projects-fixtures';

// Who sees and changes which project (DOMAIN.md "Tenancy and roles"): admins the organization's; a manager the
// projects of the clients they manage; a client their own; a VA those of clients they hold an ACTIVE contract
// with. Outside the scope a row answers 404 (never revealing it exists); a role's missing right answers 403.
let h: Harness;
let w: ProjectsWorld;
useWorld('once', seedProjectsWorld, (harness, world) => {
  h = harness;
  w = world;
});

let websiteTask: { id: number };
let booksTask: { id: number };
let websiteComment: { id: number };
beforeAll(async () => {
  [websiteTask] = await makeTasks(h, MINA, w.projects.website.id, ['Landing page']);
  [booksTask] = await makeTasks(h, THEO, w.projects.books.id, ['March invoices']);
  websiteComment = ok(await as(h, MINA, 'POST', `tasks/${websiteTask.id}/comments`, { body: 'Hi' }), 201);
});

/** Who sees Mina's "Website" and Theo's "Books" (true) and who gets 404 (false). */
const SEES: Array<[string, boolean, boolean]> = [
  [ADMIN, true, true],
  [MANAGER, true, false],
  [LEADER, false, false],
  [IDLE_MANAGER, false, false],
  [MINA, true, false],
  [THEO, false, true],
  [ANA, true, false],
  [BEN, false, true],
  [ADMIN2, false, false],
  [CLIENT2, false, false],
  [VA2, false, false],
];

describe('reads, for every role', () => {
  it.each(SEES)('%s: board, task, comments and task list of each project', async (email, website, books) => {
    for (const [id, task, visible] of [
      [w.projects.website.id, websiteTask.id, website],
      [w.projects.books.id, booksTask.id, books],
    ] as const) {
      const expected = visible ? 200 : 404;
      expect((await as(h, email, 'GET', `task-boards/client-project/${id}`)).status).toBe(expected);
      expect((await as(h, email, 'GET', `tasks/${task}`)).status).toBe(expected);
      expect((await as(h, email, 'GET', `tasks-comments/task/${task}`)).status).toBe(expected);
      expect((await as(h, email, 'GET', `tasks?project_id=${id}`)).status).toBe(expected);
    }
    const listed = ok(await as(h, email, 'GET', 'projects')).data.map((p: { name: string }) => p.name);
    const expected = [...(books ? ['Books'] : []), ...(website ? ['Website'] : [])];
    expect(listed.filter((n: string) => n !== 'Shop')).toEqual(expected);
    const tasks = ok(await as(h, email, 'GET', 'tasks')).data.map((t: { id: number }) => t.id);
    expect(tasks.includes(websiteTask.id)).toBe(website);
    expect(tasks.includes(booksTask.id)).toBe(books);
  });

  it('project detail for the supervisors; organization 2 sees only its own', async () => {
    expect((await as(h, MANAGER, 'GET', `projects/${w.projects.website.id}`)).status).toBe(200);
    expect((await as(h, MANAGER, 'GET', `projects/${w.projects.books.id}`)).status).toBe(404);
    expect((await as(h, THEO, 'GET', `projects/${w.projects.website.id}`)).status).toBe(404);
    expect((await as(h, ADMIN2, 'GET', `projects/${w.projects.website.id}`)).status).toBe(404);
    expect(ok(await as(h, ADMIN2, 'GET', 'projects')).data.map((p: { name: string }) => p.name)).toEqual([
      'Shop',
    ]);
    expect(ok(await as(h, VA2, 'GET', 'projects')).data.map((p: { name: string }) => p.name)).toEqual([
      'Shop',
    ]);
  });

  it('a client filter outside the scope answers 404', async () => {
    expect((await as(h, MANAGER, 'GET', `projects?client_id=${w.people.theo.id}`)).status).toBe(404);
    expect((await as(h, MANAGER, 'GET', `reports/projects?client_id=${w.people.theo.id}`)).status).toBe(404);
    expect((await as(h, MINA, 'GET', `projects?client_id=${w.people.theo.id}`)).status).toBe(404);
    expect((await as(h, ADMIN, 'GET', `projects?client_id=${w.people.client2.id}`)).status).toBe(404);
    expect((await as(h, MANAGER, 'GET', `projects?client_id=${w.people.mina.id}`)).status).toBe(200);
  });
});

describe('changes outside the scope answer 404', () => {
  it.each([MANAGER, MINA, ANA, ADMIN2])('%s on Theo’s task and project', async (email) => {
    const task = booksTask.id;
    const project = w.projects.books.id;
    expect((await as(h, email, 'POST', `tasks/${task}/move`, { column_id: 1 })).status).toBe(404);
    expect((await as(h, email, 'POST', `tasks/${task}/comments`, { body: 'x' })).status).toBe(404);
    if (email === ANA) return;
    expect((await as(h, email, 'PATCH', `tasks/${task}`, { title: 'x' })).status).toBe(404);
    expect((await as(h, email, 'DELETE', `tasks/${task}`)).status).toBe(404);
    expect((await as(h, email, 'PATCH', `projects/${project}`, { name: 'x' })).status).toBe(404);
    expect((await as(h, email, 'POST', 'tasks', { project_id: project, title: 'x' })).status).toBe(404);
  });

  it('a comment of a project out of scope, and columns of another client’s board', async () => {
    const path = `tasks-comments/${websiteComment.id}`;
    for (const email of [THEO, BEN, ADMIN2])
      expect((await as(h, email, 'PATCH', path, { body: 'x' })).status).toBe(404);
    expect((await as(h, THEO, 'DELETE', path)).status).toBe(404);
    const [firstColumn] = ok(
      await as(h, MINA, 'GET', `task-boards/client-project/${w.projects.website.id}`),
    ).columns;
    expect((await as(h, THEO, 'PATCH', `board-columns/${firstColumn.id}`, { name: 'x' })).status).toBe(404);
    expect((await as(h, THEO, 'DELETE', `board-columns/${firstColumn.id}`)).status).toBe(404);
    expect(
      (await as(h, THEO, 'POST', `projects/${w.projects.website.id}/columns`, { name: 'x' })).status,
    ).toBe(404);
    expect((await as(h, ADMIN2, 'DELETE', `projects/${w.projects.website.id}`)).status).toBe(404);
    expect((await as(h, THEO, 'DELETE', `projects/${w.projects.website.id}`)).status).toBe(404);
  });

  it('a manager creates only for the clients they manage; a client only for themself', async () => {
    const theo = w.people.theo.id;
    expect((await as(h, MANAGER, 'POST', 'projects', { name: 'x', client_id: theo })).status).toBe(404);
    expect((await as(h, MINA, 'POST', 'projects', { name: 'x', client_id: theo })).status).toBe(404);
    const notClient = await as(h, ADMIN, 'POST', 'projects', { name: 'x', client_id: w.people.ana.id });
    expect(notClient.status).toBe(422);
    expect(notClient.body.codes.client_id).toEqual([{ code: 'projects.not_a_client' }]);
    const missing = await as(h, ADMIN, 'POST', 'projects', { name: 'x' });
    expect(missing.body.codes.client_id).toEqual([{ code: 'projects.choose_client' }]);
    const other = await as(h, ADMIN, 'POST', 'projects', { name: 'x', client_id: w.people.client2.id });
    expect(other.status).toBe(422);
  });

  it('a VA picks tasks only under their own active contract', async () => {
    expect((await as(h, ANA, 'GET', `client-tasks/contract/${w.contracts.c1.id}`)).status).toBe(200);
    expect((await as(h, ANA, 'GET', `client-tasks/contract/${w.contracts.c2.id}`)).status).toBe(404);
    expect((await as(h, BEN, 'GET', `client-tasks/contract/${w.paused.id}`)).status).toBe(404);
    expect((await as(h, VA2, 'GET', `client-tasks/contract/${w.contracts.c1.id}`)).status).toBe(404);
  });
});

describe('a role without the right answers 403', () => {
  it('a VA creates, edits and deletes no task, and touches no column', async () => {
    const project = w.projects.website.id;
    for (const area of ['client', 'admin', 'manager']) {
      const base = `${area}-access`;
      expect((await api(h, ANA, 'POST', `${base}/tasks`, { project_id: project, title: 'x' })).status).toBe(
        403,
      );
      expect((await api(h, ANA, 'PATCH', `${base}/tasks/${websiteTask.id}`, { title: 'x' })).status).toBe(
        403,
      );
      expect((await api(h, ANA, 'DELETE', `${base}/tasks/${websiteTask.id}`)).status).toBe(403);
    }
    expect(
      (await api(h, ANA, 'POST', `client-access/projects/${project}/columns`, { name: 'x' })).status,
    ).toBe(403);
  });

  it('a manager edits no column and deletes no project', async () => {
    const board = ok(await as(h, MANAGER, 'GET', `task-boards/client-project/${w.projects.website.id}`));
    expect(board.can_edit_columns).toBe(false);
    const column = board.columns[0].id;
    for (const area of ['client', 'admin']) {
      const base = `${area}-access`;
      expect((await api(h, MANAGER, 'PATCH', `${base}/board-columns/${column}`, { name: 'x' })).status).toBe(
        403,
      );
      expect((await api(h, MANAGER, 'DELETE', `${base}/board-columns/${column}`)).status).toBe(403);
      expect(
        (await api(h, MANAGER, 'POST', `${base}/projects/${w.projects.website.id}/columns`, { name: 'x' }))
          .status,
      ).toBe(403);
      expect((await api(h, MANAGER, 'DELETE', `${base}/projects/${w.projects.website.id}`)).status).toBe(403);
    }
    expect(
      ok(await as(h, MINA, 'GET', `task-boards/client-project/${w.projects.website.id}`)).can_edit_columns,
    ).toBe(true);
  });

  it('only admins manage general tasks; everyone reads them', async () => {
    expect((await api(h, MINA, 'POST', 'admin-access/general-tasks', { name: 'x' })).status).toBe(403);
    expect((await api(h, MANAGER, 'POST', 'admin-access/general-tasks', { name: 'x' })).status).toBe(403);
    expect((await api(h, ANA, 'GET', 'general-tasks')).status).toBe(200);
    const unsigned = await h.app.inject({ method: 'GET', url: '/api/v1/general-tasks' });
    expect(unsigned.statusCode).toBe(401);
  });
});
