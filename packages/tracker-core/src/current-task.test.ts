import { describe, expect, it, vi } from 'vitest';
import {
  MemoryTaskStore,
  parseTaskChoice,
  pingTaskFields,
  reconcileTask,
  sameTask,
  type TaskChoice,
  TaskKeeper,
  type TaskStore,
} from './current-task';
import type { ShiftState } from './shift-state';
import { attendance } from './test-helpers';

const onShift = (id: number): ShiftState => ({ status: 'on_shift', attendance: attendance({ id }) });
const task: TaskChoice['task'] = { kind: 'task', id: 12, title: 'Fix the login' };

describe('reconcileTask', () => {
  it('a choice made before clock-in waits while clocked out, then joins the shift that starts', () => {
    const early: TaskChoice = { task, attendanceId: null };
    expect(reconcileTask(early, { status: 'clocked_out', attendance: null })).toBe(early);
    expect(reconcileTask(early, onShift(5))).toEqual({ task, attendanceId: 5 });
    expect(reconcileTask(early, { status: 'idle', attendance: attendance({ id: 5 }) })).toEqual({
      task,
      attendanceId: 5,
    });
  });

  it("a shift's choice stays while it runs and ends with it, or when another shift is tracked", () => {
    const bound: TaskChoice = { task, attendanceId: 5 };
    expect(reconcileTask(bound, onShift(5))).toBe(bound);
    expect(reconcileTask(bound, { status: 'clocked_out', attendance: attendance({ id: 5 }) })).toBeNull();
    expect(reconcileTask(bound, { status: 'forced_out', attendance: attendance({ id: 5 }) })).toBeNull();
    expect(reconcileTask(bound, onShift(6))).toBeNull();
    expect(reconcileTask(null, onShift(5))).toBeNull();
  });
});

describe('parseTaskChoice', () => {
  it('reads back a stored choice and refuses anything malformed', () => {
    expect(parseTaskChoice({ task: { kind: 'general', id: 3 }, attendanceId: null })).toEqual({
      task: { kind: 'general', id: 3 },
      attendanceId: null,
    });
    expect(parseTaskChoice({ task, attendanceId: 5 })).toEqual({ task, attendanceId: 5 });
    for (const bad of [
      null,
      'task',
      { task: { kind: 'project', id: 3 }, attendanceId: null },
      { task: { kind: 'task', id: -1 }, attendanceId: null },
      { task: { kind: 'task', id: 3 }, attendanceId: 'x' },
      { task: { kind: 'task', id: 3 } },
    ])
      expect(parseTaskChoice(bad)).toBeNull();
  });
});

describe('sameTask', () => {
  it('is the same kind, id and title, or both none', () => {
    const a = { kind: 'task', id: 12, title: 'Fix' } as const;
    expect(sameTask(a, a)).toBe(true);
    expect(sameTask(null, null)).toBe(true);
    expect(sameTask(a, { ...a })).toBe(true);
    expect(sameTask(a, { ...a, kind: 'general' })).toBe(false);
    expect(sameTask(a, { ...a, id: 13 })).toBe(false);
    expect(sameTask(a, { ...a, title: 'Other' })).toBe(false);
    expect(sameTask(a, null)).toBe(false);
    expect(sameTask(null, a)).toBe(false);
  });
});

describe('parseTaskChoice, at its edges', () => {
  it('an id must be a whole number above 0; a title is kept only as text', () => {
    expect(parseTaskChoice({ task: { kind: 'task', id: 0 }, attendanceId: null })).toBeNull();
    expect(parseTaskChoice({ task: { kind: 'task', id: 1.5 }, attendanceId: null })).toBeNull();
    expect(parseTaskChoice({ task: { kind: 'task', id: 1 }, attendanceId: 0 })).toBeNull();
    expect(parseTaskChoice({ task: { kind: 'task', id: '3' }, attendanceId: null })).toBeNull();
    expect(parseTaskChoice({ task: { kind: 'task', id: 1, title: 5 }, attendanceId: 1 })).toEqual({
      task: { kind: 'task', id: 1 },
      attendanceId: 1,
    });
    expect(parseTaskChoice({ task: { kind: 'task', id: 1, extra: true }, attendanceId: 1 })).toEqual({
      task: { kind: 'task', id: 1 },
      attendanceId: 1,
    });
    for (const bad of [undefined, 5, [], {}]) expect(parseTaskChoice(bad)).toBeNull();
  });
});

describe('pingTaskFields', () => {
  it('names a task as task_id, a general task as general_task_id, none as nothing', () => {
    expect(pingTaskFields({ kind: 'task', id: 12 })).toEqual({ task_id: 12 });
    expect(pingTaskFields({ kind: 'general', id: 3 })).toEqual({ general_task_id: 3 });
    expect(pingTaskFields(null)).toEqual({});
  });
});

describe('TaskKeeper', () => {
  function keeper(store?: TaskStore) {
    const changes: Array<TaskChoice['task'] | null> = [];
    const errors: unknown[] = [];
    const k = new TaskKeeper({ store, onChange: (t) => changes.push(t), onError: (e) => errors.push(e) });
    return { k, changes, errors };
  }

  it('loads the stored choice without saving it back, unless the host chose first', async () => {
    const store = new MemoryTaskStore({ task, attendanceId: 5 });
    const save = vi.spyOn(store, 'save');
    const a = keeper(store);
    await a.k.load();
    expect([a.k.task, a.k.attendanceId]).toEqual([task, 5]);
    expect(a.changes).toEqual([task]);
    expect(save).not.toHaveBeenCalled();

    const b = keeper(store);
    const loading = b.k.load();
    b.k.choose({ kind: 'general', id: 3 }, null);
    await loading;
    expect(b.k.task).toEqual({ kind: 'general', id: 3 });
    await b.k.load();
    expect(b.k.task).toEqual({ kind: 'general', id: 3 });
  });

  it('a store that cannot be read is no choice; without a store nothing is read', async () => {
    const broken: TaskStore = {
      load: async () => {
        throw new Error('unreadable');
      },
      save: async () => {},
    };
    const a = keeper(broken);
    await a.k.load();
    expect(a.k.task).toBeNull();
    expect(a.changes).toEqual([]);
    const b = keeper();
    await b.k.load();
    b.k.choose(task, 5);
    await b.k.flush();
    expect(b.changes).toEqual([task]);
  });

  it('saves each choice in order and reports a failed save', async () => {
    const saved: Array<TaskChoice | null> = [];
    let fail = false;
    const store: TaskStore = {
      load: async () => null,
      save: async (c) => {
        if (fail) throw new Error('disk full');
        saved.push(c);
      },
    };
    const { k, errors } = keeper(store);
    k.choose(task, 5);
    k.choose(null, 5);
    await k.flush();
    expect(saved).toEqual([{ task, attendanceId: 5 }, null]);
    fail = true;
    k.choose(task, 5);
    await k.flush();
    expect(errors.map((e) => (e as Error).message)).toEqual(['disk full']);
  });

  it('tells of a change of task only: binding the choice to the shift that starts is not one', async () => {
    const store = new MemoryTaskStore();
    const { k, changes } = keeper(store);
    k.choose(task, null);
    k.follow({ status: 'on_shift', attendance: attendance({ id: 5 }) });
    expect(k.attendanceId).toBe(5);
    k.follow({ status: 'on_shift', attendance: attendance({ id: 5 }) });
    expect(changes).toEqual([task]);
    await k.flush();
    expect(store.choice).toEqual({ task, attendanceId: 5 });
    k.follow({ status: 'clocked_out', attendance: attendance({ id: 5 }) });
    expect(changes).toEqual([task, null]);
  });

  it('choosing no task while there is none changes and saves nothing', async () => {
    const store = new MemoryTaskStore();
    const save = vi.spyOn(store, 'save');
    const { k, changes } = keeper(store);
    k.choose(null, null);
    k.follow({ status: 'clocked_out', attendance: null });
    await k.flush();
    expect(changes).toEqual([]);
    expect(save).not.toHaveBeenCalled();
  });
});
