import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tasks } from '../src/modules/projects/projects.table';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  ADMIN,
  ANA,
  as,
  columnsOf,
  MANAGER,
  MINA,
  makeTasks,
  ok,
  orderOf,
  type ProjectsWorld,
  positionsOf,
  seedProjectsWorld,
} from './projects-fixtures';

// The order a user sees on a board: tasks where they were dropped, in every column, also when two people drop
// at once; nobody else's card moves. Columns added, renamed, reordered and removed; done follows the last one.
let h: Harness;
let w: ProjectsWorld;
useWorld('each', seedProjectsWorld, (harness, world) => {
  h = harness;
  w = world;
});

const move = (email: string, id: number, body: object) => as(h, email, 'POST', `tasks/${id}/move`, body);
const ids = (list: Array<{ id: number }>) => list.map((t) => t.id);

/** Mina's board: its columns, and tasks A–E in "To do". */
async function board() {
  const columns = await columnsOf(h, w.projects.website.id);
  const [a, b, c, d, e] = ids(await makeTasks(h, MINA, w.projects.website.id, ['A', 'B', 'C', 'D', 'E']));
  return { columns, todo: columns[0].id, doing: columns[1].id, done: columns[3].id, a, b, c, d, e };
}

describe('a new board and new tasks', () => {
  it('has To do, In progress, Review, Done; a task goes to the end of the first or the given column', async () => {
    const columns = await columnsOf(h, w.projects.website.id);
    expect(columns.map((c) => c.name)).toEqual(['To do', 'In progress', 'Review', 'Done']);
    const [a, b] = await makeTasks(h, MINA, w.projects.website.id, ['A', 'B']);
    expect(a.column_id).toBe(columns[0].id);
    const [c] = await makeTasks(h, MINA, w.projects.website.id, ['C'], { column_id: columns[1].id });
    const [d] = await makeTasks(h, MINA, w.projects.website.id, ['D'], { column_id: columns[1].id });
    expect(await orderOf(h, columns[0].id)).toEqual([a.id, b.id]);
    expect(await orderOf(h, columns[1].id)).toEqual([c.id, d.id]);
    expect(a.completed_at).toBeNull();
    const [done] = await makeTasks(h, MINA, w.projects.website.id, ['Done'], { column_id: columns[3].id });
    expect(done.completed_at).toBe(h.clock.now().toISOString());
    const board = ok(await as(h, MINA, 'GET', `task-boards/client-project/${w.projects.website.id}`));
    expect(
      board.columns.map((c: { tasks: Array<{ title: string }> }) => c.tasks.map((t) => t.title)),
    ).toEqual([['A', 'B'], ['C', 'D'], [], ['Done']]);
    const other = await as(h, MINA, 'POST', 'tasks', {
      project_id: w.projects.website.id,
      column_id: (await columnsOf(h, w.projects.books.id))[0].id,
      title: 'x',
    });
    expect(other.status).toBe(422);
    expect(other.body.codes.column_id).toEqual([{ code: 'projects.column_not_found' }]);
  });
});

describe('moving a task', () => {
  it('within its column: to the top, after one, before one; only the moved task’s key changes', async () => {
    const b = await board();
    const before = await positionsOf(h, [b.a, b.b, b.c, b.d, b.e]);
    ok(await move(ANA, b.e, { column_id: b.todo }));
    expect(await orderOf(h, b.todo)).toEqual([b.e, b.a, b.b, b.c, b.d]);
    ok(await move(MINA, b.a, { column_id: b.todo, after_id: b.c }));
    expect(await orderOf(h, b.todo)).toEqual([b.e, b.b, b.c, b.a, b.d]);
    ok(await move(MANAGER, b.d, { column_id: b.todo, before_id: b.b }));
    expect(await orderOf(h, b.todo)).toEqual([b.e, b.d, b.b, b.c, b.a]);
    const after = await positionsOf(h, [b.b, b.c]);
    expect(after).toEqual({ [b.b]: before[b.b], [b.c]: before[b.c] });
  });

  it('across columns, in the place dropped; into Done sets completed_at, out of it clears it', async () => {
    const b = await board();
    const first = ok(await move(ANA, b.b, { column_id: b.doing }));
    expect(first.column_id).toBe(b.doing);
    ok(await move(ANA, b.d, { column_id: b.doing, after_id: b.b }));
    ok(await move(ANA, b.a, { column_id: b.doing, before_id: b.b }));
    expect(await orderOf(h, b.doing)).toEqual([b.a, b.b, b.d]);
    expect(await orderOf(h, b.todo)).toEqual([b.c, b.e]);

    const done = ok(await move(ANA, b.a, { column_id: b.done }));
    expect(done.completed_at).toBe('2026-03-02T09:00:00.000Z');
    h.clock.advance(3600_000);
    ok(await move(ANA, b.c, { column_id: b.done, after_id: b.a }));
    // Moving within Done keeps when it was done.
    const still = ok(await move(ANA, b.a, { column_id: b.done, after_id: b.c }));
    expect(still.completed_at).toBe('2026-03-02T09:00:00.000Z');
    const reopened = ok(await move(ANA, b.a, { column_id: b.todo }));
    expect(reopened.completed_at).toBeNull();
    const board2 = ok(await as(h, ANA, 'GET', `task-boards/client-project/${w.projects.website.id}`));
    expect(board2.project.open_task_count).toBe(4);
    expect(board2.project.task_count).toBe(5);
  });

  it('refuses a neighbour that is not in the target column (or is the task itself) with 422', async () => {
    const b = await board();
    ok(await move(MINA, b.e, { column_id: b.doing }));
    for (const body of [
      { column_id: b.todo, after_id: b.e },
      { column_id: b.doing, before_id: b.a },
      { column_id: b.todo, after_id: b.a },
    ]) {
      const res = await move(MINA, b.a, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const field = 'after_id' in body ? 'after_id' : 'before_id';
      expect(res.body.codes[field]).toEqual([{ code: 'projects.neighbour_elsewhere' }]);
    }
    const otherBoard = await columnsOf(h, w.projects.books.id);
    const res = await move(ADMIN, b.a, { column_id: otherBoard[0].id });
    expect(res.body.codes.column_id).toEqual([{ code: 'projects.column_not_found' }]);
    expect(await orderOf(h, b.todo)).toEqual([b.a, b.b, b.c, b.d]);
  });

  it('two people dropping into the same slot at once: both land between the neighbours, stably, nobody renumbered', async () => {
    const b = await board();
    const others = [b.a, b.b, b.c];
    const before = await positionsOf(h, others);
    const [x, y] = await Promise.all([
      move(ANA, b.d, { column_id: b.todo, after_id: b.a }),
      move(MINA, b.e, { column_id: b.todo, after_id: b.a }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    const order = await orderOf(h, b.todo);
    expect(order[0]).toBe(b.a);
    expect(new Set(order.slice(1, 3))).toEqual(new Set([b.d, b.e]));
    expect(order.slice(3)).toEqual([b.b, b.c]);
    expect(await positionsOf(h, others)).toEqual(before);
    // The same order on every read, as every viewer's board shows it.
    const board1 = ok(await as(h, ANA, 'GET', `task-boards/client-project/${w.projects.website.id}`));
    const board2 = ok(await as(h, MINA, 'GET', `task-boards/client-project/${w.projects.website.id}`));
    expect(ids(board1.columns[0].tasks)).toEqual(order);
    expect(ids(board2.columns[0].tasks)).toEqual(order);
  });

  it('a slot two concurrent moves left tied (one key, ordered by id) still takes a card between them', async () => {
    const b = await board();
    // What two truly simultaneous drops after A leave behind: B and C with the same key, B first by id.
    const [{ position }] = await h.db.select().from(tasks).where(eq(tasks.id, b.b));
    await h.db.update(tasks).set({ position }).where(eq(tasks.id, b.c));
    expect(await orderOf(h, b.todo)).toEqual([b.a, b.b, b.c, b.d, b.e]);
    const keep = await positionsOf(h, [b.a, b.b, b.d]);
    ok(await move(MINA, b.e, { column_id: b.todo, after_id: b.b }));
    expect(await orderOf(h, b.todo)).toEqual([b.a, b.b, b.e, b.c, b.d]);
    ok(await move(MINA, b.a, { column_id: b.todo, before_id: b.c }));
    expect(await orderOf(h, b.todo)).toEqual([b.b, b.e, b.a, b.c, b.d]);
    // Only the tied card after the slot got a new key; the others kept theirs.
    expect(await positionsOf(h, [b.b, b.d])).toEqual({ [b.b]: keep[b.b], [b.d]: keep[b.d] });
  });

  it('many drops at the same place keep working: the keys grow but stay in order', async () => {
    const b = await board();
    const dropped: number[] = [];
    const extra = ids(
      await makeTasks(
        h,
        MINA,
        w.projects.website.id,
        Array.from({ length: 40 }, (_, i) => `T${i}`),
      ),
    );
    // Each card goes right after A, in front of the one dropped before it: the gap halves every time.
    for (const id of extra) {
      ok(await move(MINA, id, { column_id: b.todo, after_id: b.a }));
      dropped.unshift(id);
    }
    expect(await orderOf(h, b.todo)).toEqual([b.a, ...dropped, b.b, b.c, b.d, b.e]);
    const keys = await positionsOf(h, dropped);
    const inOrder = dropped.map((id) => keys[id]);
    expect([...inOrder].sort()).toEqual(inOrder);
    expect(new Set(inOrder).size).toBe(inOrder.length);
    expect(inOrder[0].length).toBeGreaterThan(inOrder[inOrder.length - 1].length);
  });
});

describe('columns', () => {
  const column = (email: string, method: 'PATCH' | 'DELETE', id: number, body?: object, query = '') =>
    as(h, email, method, `board-columns/${id}${query}`, body);

  it('are added at the end (at most 12), renamed and reordered before or after another', async () => {
    const project = w.projects.website.id;
    const added = ok(await as(h, MINA, 'POST', `projects/${project}/columns`, { name: 'Blocked' }), 201);
    expect((await columnsOf(h, project)).map((c) => c.name)).toEqual([
      'To do',
      'In progress',
      'Review',
      'Done',
      'Blocked',
    ]);
    const [todo, , review, done] = await columnsOf(h, project);
    ok(await column(ADMIN, 'PATCH', added.id, { name: 'Waiting', after_id: todo.id }));
    ok(await column(MINA, 'PATCH', review.id, { before_id: todo.id }));
    ok(await column(MINA, 'PATCH', done.id, { name: 'Shipped' }));
    expect((await columnsOf(h, project)).map((c) => c.name)).toEqual([
      'Review',
      'To do',
      'Waiting',
      'In progress',
      'Shipped',
    ]);
    const self = await column(MINA, 'PATCH', done.id, { after_id: done.id });
    expect(self.body.codes.after_id).toEqual([{ code: 'projects.column_not_found' }]);
    const foreign = (await columnsOf(h, w.projects.books.id))[0].id;
    expect((await column(MINA, 'PATCH', done.id, { before_id: foreign })).status).toBe(422);
    for (let i = 6; i <= 12; i++)
      ok(await as(h, MINA, 'POST', `projects/${project}/columns`, { name: `C${i}` }), 201);
    const full = await as(h, MINA, 'POST', `projects/${project}/columns`, { name: 'C13' });
    expect(full.status).toBe(422);
    expect(full.body.codes.name).toEqual([{ code: 'projects.too_many_columns', params: { max: 12 } }]);
  });

  it('a column with tasks goes only with move_to; its tasks follow the target’s, in their order', async () => {
    const b = await board();
    const [x] = ids(await makeTasks(h, MINA, w.projects.website.id, ['X'], { column_id: b.doing }));
    ok(await move(MINA, b.e, { column_id: b.todo }));
    const refused = await column(MINA, 'DELETE', b.todo);
    expect(refused.status).toBe(422);
    expect(refused.body.codes.move_to).toEqual([{ code: 'projects.column_has_tasks', params: { count: 5 } }]);
    const same = await column(MINA, 'DELETE', b.todo, undefined, `?move_to=${b.todo}`);
    expect(same.body.codes.move_to).toEqual([{ code: 'projects.move_to_same' }]);
    ok(await column(MINA, 'DELETE', b.todo, undefined, `?move_to=${b.doing}`));
    expect(await orderOf(h, b.doing)).toEqual([x, b.e, b.a, b.b, b.c, b.d]);
    expect((await columnsOf(h, w.projects.website.id)).map((c) => c.name)).toEqual([
      'In progress',
      'Review',
      'Done',
    ]);
    // Into the last column: done.
    ok(await column(ADMIN, 'DELETE', b.doing, undefined, `?move_to=${b.done}`));
    const [t] = await h.db.select().from(tasks).where(eq(tasks.id, x));
    expect(t.completedAt?.toISOString()).toBe('2026-03-02T09:00:00.000Z');
  });

  it('the last column stays; an empty column goes without move_to; done follows the last column', async () => {
    const b = await board();
    ok(await move(MINA, b.a, { column_id: b.done }));
    const cols = await columnsOf(h, w.projects.website.id);
    // Review removed (empty), then Done moved before In progress: In progress is now last, so done.
    ok(await column(MINA, 'DELETE', cols[2].id));
    ok(await column(MINA, 'PATCH', b.done, { before_id: b.doing }));
    ok(await move(MINA, b.b, { column_id: b.doing }));
    const detail = (id: number) => as(h, MINA, 'GET', `tasks/${id}`);
    expect(ok(await detail(b.a)).completed_at).toBeNull();
    expect(ok(await detail(b.b)).completed_at).not.toBeNull();
    ok(await column(MINA, 'DELETE', b.done, undefined, `?move_to=${b.todo}`));
    ok(await column(MINA, 'DELETE', b.doing, undefined, `?move_to=${b.todo}`));
    const last = await column(MINA, 'DELETE', b.todo, undefined, `?move_to=${b.todo}`);
    expect(last.status).toBe(422);
    expect(last.body.codes.id).toEqual([{ code: 'projects.last_column' }]);
  });
});

describe('an archived project', () => {
  it('refuses task and column changes with 422 until restored', async () => {
    const b = await board();
    const project = w.projects.website.id;
    const archived = ok(await as(h, MINA, 'PATCH', `projects/${project}`, { status: 'archived' }));
    expect(archived.status).toBe('archived');
    const refusals = [
      await as(h, MINA, 'POST', 'tasks', { project_id: project, title: 'x' }),
      await as(h, MINA, 'PATCH', `tasks/${b.a}`, { title: 'x' }),
      await as(h, MINA, 'DELETE', `tasks/${b.a}`),
      await move(ANA, b.a, { column_id: b.doing }),
      await as(h, MINA, 'POST', `projects/${project}/columns`, { name: 'x' }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(422);
      expect(res.body.codes.project_id).toEqual([{ code: 'projects.archived' }]);
    }
    ok(await as(h, MANAGER, 'PATCH', `projects/${project}`, { status: 'active' }));
    ok(await move(ANA, b.a, { column_id: b.doing }));
  });
});
