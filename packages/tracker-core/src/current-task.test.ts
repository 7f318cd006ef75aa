import { describe, expect, it } from 'vitest';
import { parseTaskChoice, reconcileTask, type TaskChoice } from './current-task';
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
