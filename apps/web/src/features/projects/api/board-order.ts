import type { MoveTask } from '@vahub/shared/projects/schemas';
import type { BoardData, BoardTask } from './area';

/**
 * The board's order as ids (columns in order, each with its task ids in order): what a drag rearranges
 * locally before the move is sent, and what the optimistic update writes back into the board. Pure, so the
 * keyboard steps and the move body can be checked without a browser.
 */
export type Lane = { id: number; tasks: number[] };
export type Direction = 'up' | 'down' | 'left' | 'right';

export const lanesOf = (board: Pick<BoardData, 'columns'>): Lane[] =>
  board.columns.map((c) => ({ id: c.id, tasks: c.tasks.map((t) => t.id) }));

/** Where a task is: its lane's index in the board and its index in the lane. */
export function locate(lanes: Lane[], taskId: number): { lane: number; index: number } | null {
  for (let lane = 0; lane < lanes.length; lane++) {
    const index = lanes[lane].tasks.indexOf(taskId);
    if (index >= 0) return { lane, index };
  }
  return null;
}

/** The lanes with the task taken out and put into `columnId` at `index` (clamped to the lane). */
export function moveTask(lanes: Lane[], taskId: number, columnId: number, index: number): Lane[] {
  const without = lanes.map((l) => ({ id: l.id, tasks: l.tasks.filter((id) => id !== taskId) }));
  return without.map((l) => {
    if (l.id !== columnId) return l;
    const at = Math.max(0, Math.min(index, l.tasks.length));
    return { id: l.id, tasks: [...l.tasks.slice(0, at), taskId, ...l.tasks.slice(at)] };
  });
}

/**
 * One keyboard step: up or down within the column, left or right into the neighbouring column at the same
 * height (or its end). Null at an edge: nothing moves.
 */
export function stepTask(lanes: Lane[], taskId: number, direction: Direction): Lane[] | null {
  const at = locate(lanes, taskId);
  if (!at) return null;
  const lane = lanes[at.lane];
  if (direction === 'up') return at.index > 0 ? moveTask(lanes, taskId, lane.id, at.index - 1) : null;
  if (direction === 'down')
    return at.index < lane.tasks.length - 1 ? moveTask(lanes, taskId, lane.id, at.index + 1) : null;
  const next = lanes[at.lane + (direction === 'left' ? -1 : 1)];
  return next ? moveTask(lanes, taskId, next.id, at.index) : null;
}

/** What `POST tasks/{id}/move` takes for the task where it now is: its column and both neighbours. */
export function moveBodyOf(lanes: Lane[], taskId: number): MoveTask | null {
  const at = locate(lanes, taskId);
  if (!at) return null;
  const { id, tasks } = lanes[at.lane];
  return { column_id: id, after_id: tasks[at.index - 1] ?? null, before_id: tasks[at.index + 1] ?? null };
}

/** Whether the task sits in the same column between the same neighbours in both orders (no move to send). */
export function samePlace(a: Lane[], b: Lane[], taskId: number): boolean {
  const x = moveBodyOf(a, taskId);
  const y = moveBodyOf(b, taskId);
  return (
    x !== null &&
    y !== null &&
    x.column_id === y.column_id &&
    x.after_id === y.after_id &&
    x.before_id === y.before_id
  );
}

/**
 * The board in the lanes' order (the optimistic view of a move). Tasks the lanes do not know (added by
 * someone meanwhile) stay at the end of their column; tasks gone from the board stay gone.
 */
export function applyLanes(board: BoardData, lanes: Lane[]): BoardData {
  const byId = new Map<number, BoardTask>();
  for (const c of board.columns) for (const t of c.tasks) byId.set(t.id, t);
  const placed = new Set(lanes.flatMap((l) => l.tasks));
  return {
    ...board,
    columns: board.columns.map((column) => {
      const lane = lanes.find((l) => l.id === column.id);
      const ordered = (lane?.tasks ?? [])
        .map((id) => byId.get(id))
        .filter((t): t is BoardTask => t !== undefined)
        .map((t) => (t.column_id === column.id ? t : { ...t, column_id: column.id }));
      const unknown = column.tasks.filter((t) => !placed.has(t.id));
      return { ...column, tasks: [...ordered, ...unknown] };
    }),
  };
}

/** Drag ids: tasks by their number, columns as `lane-<id>` (both kinds are drop targets). */
export const laneKey = (columnId: number) => `lane-${columnId}`;
export const laneIdOf = (key: string | number): number | null =>
  typeof key === 'string' && key.startsWith('lane-') ? Number(key.slice(5)) : null;
