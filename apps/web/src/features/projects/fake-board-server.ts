import type { Board, MoveTask, Task, TaskComment } from '@vahub/shared/projects/schemas';
import { type Call, mockApi, type Reply } from '../../test/mock-api';
import { ADA, board as boardFixture, comment, ME, page, task } from './test-utils';

/**
 * A fake server for the board pages' tests: it keeps the board and applies moves, column removals and task
 * changes as the real one would, so refetches after a change show what the server now holds. `refuse` answers
 * the next call it matches with a problem instead.
 */
export function fakeBoardServer(
  area = 'admin-access',
  start: Board = boardFixture(),
  first: TaskComment[] = [comment(1, 'First **draft** is up', { can_edit: true, can_delete: true })],
) {
  const base = `/api/v1/${area}`;
  let state: Board = structuredClone(start);
  let comments = first;
  let refusal: { match: (method: string, path: string) => boolean; reply: Reply } | null = null;
  const tasks = () => state.columns.flatMap((c) => c.tasks);

  const move = (id: number, body: MoveTask): Task => {
    const moved = tasks().find((t) => t.id === id) as Task;
    const columns = state.columns.map((c) => ({ ...c, tasks: c.tasks.filter((t) => t.id !== id) }));
    const target = columns.find((c) => c.id === body.column_id) as (typeof columns)[number];
    const after = body.after_id ? target.tasks.findIndex((t) => t.id === body.after_id) + 1 : null;
    const before = body.before_id ? target.tasks.findIndex((t) => t.id === body.before_id) : null;
    const at = after ?? before ?? 0;
    const next = { ...moved, column_id: target.id };
    target.tasks.splice(at, 0, next);
    state = { ...state, columns };
    return next;
  };

  const api = mockApi((url, method, body) => {
    const path = url.pathname;
    if (path === '/api/v1/me') return ME;
    if (refusal?.match(method, path)) {
      const reply = refusal.reply;
      refusal = null;
      return reply;
    }
    if (path === `${base}/task-boards/client-project/${state.project.id}`) return state;
    if (path === `${base}/projects/${state.project.id}` && method === 'DELETE') return { message: 'Deleted' };
    if (path === `${base}/tasks` && method === 'POST') {
      const input = body as { column_id: number; title: string };
      const created = task(200 + tasks().length, input.column_id, input.title);
      state = {
        ...state,
        columns: state.columns.map((c) =>
          c.id === input.column_id ? { ...c, tasks: [...c.tasks, created] } : c,
        ),
      };
      return { status: 201, body: created };
    }
    const taskMatch = /\/tasks\/(\d+)(\/move|\/comments)?$/.exec(path);
    if (taskMatch) {
      const id = Number(taskMatch[1]);
      const found = tasks().find((t) => t.id === id);
      if (!found) return { status: 404, body: { message: 'Task not found' } };
      if (taskMatch[2] === '/move') return move(id, body as MoveTask);
      if (taskMatch[2] === '/comments') {
        const created = comment(comments.length + 1, (body as { body: string }).body, {
          author_id: ADA.id,
          author: ADA,
          can_edit: true,
          can_delete: true,
        });
        comments = [...comments, created];
        return { status: 201, body: created };
      }
      if (method === 'PATCH') {
        const changed = { ...found, ...(body as object), updated_at: '2026-11-02T08:00:00Z' };
        state = {
          ...state,
          columns: state.columns.map((c) => ({
            ...c,
            tasks: c.tasks.map((t) => (t.id === id ? changed : t)),
          })),
        };
        return changed;
      }
      if (method === 'DELETE') return { message: 'Deleted' };
      return found;
    }
    const commentsOf = /\/tasks-comments\/task\/(\d+)$/.exec(path);
    if (commentsOf) return page(comments, comments.length, 50);
    const oneComment = /\/tasks-comments\/(\d+)$/.exec(path);
    if (oneComment) {
      const id = Number(oneComment[1]);
      if (method === 'DELETE') {
        comments = comments.filter((c) => c.id !== id);
        return { message: 'Deleted' };
      }
      comments = comments.map((c) =>
        c.id === id ? { ...c, body: (body as { body: string }).body, edited: true } : c,
      );
      return comments.find((c) => c.id === id);
    }
    const column = /\/board-columns\/(\d+)$/.exec(path);
    if (column && method === 'DELETE') {
      const id = Number(column[1]);
      const moveTo = Number(url.searchParams.get('move_to'));
      const leaving = state.columns.find((c) => c.id === id)?.tasks ?? [];
      state = {
        ...state,
        columns: state.columns
          .filter((c) => c.id !== id)
          .map((c) => (c.id === moveTo ? { ...c, tasks: [...c.tasks, ...leaving] } : c)),
      };
      return { message: 'Deleted' };
    }
    return { status: 404, body: { message: 'Not found' } };
  });

  return {
    ...api,
    base,
    board: () => state,
    refuse(match: (method: string, path: string) => boolean, reply: Reply) {
      refusal = { match, reply };
    },
    count: (method: string, pathEnd: string) =>
      api.calls.filter((c: Call) => c.method === method && c.url.pathname.endsWith(pathEnd)).length,
  };
}
