import { describe, expect, it } from 'vitest';
import { board } from '../test-utils';
import { applyLanes, type Lane, lanesOf, moveBodyOf, moveTask, samePlace, stepTask } from './board-order';

const LANES: Lane[] = [
  { id: 11, tasks: [101, 102] },
  { id: 12, tasks: [103] },
  { id: 13, tasks: [] },
];

describe('the board order', () => {
  it('steps a task up and down within its column, and stops at the ends', () => {
    expect(stepTask(LANES, 102, 'up')?.[0].tasks).toEqual([102, 101]);
    expect(stepTask(LANES, 101, 'down')?.[0].tasks).toEqual([102, 101]);
    expect(stepTask(LANES, 101, 'up')).toBeNull();
    expect(stepTask(LANES, 102, 'down')).toBeNull();
  });

  it('steps a task into the next column at the same height, or its end, and stops at the board edges', () => {
    expect(stepTask(LANES, 101, 'right')?.[1].tasks).toEqual([101, 103]);
    expect(stepTask(LANES, 102, 'right')?.[1].tasks).toEqual([103, 102]);
    expect(stepTask(LANES, 103, 'right')?.[2].tasks).toEqual([103]);
    expect(stepTask(LANES, 101, 'left')).toBeNull();
    expect(stepTask(LANES, 103, 'left')?.[0].tasks).toEqual([103, 101, 102]);
  });

  it('names the column and both neighbours of a moved task, null at an end', () => {
    expect(moveBodyOf(moveTask(LANES, 103, 11, 1), 103)).toEqual({
      column_id: 11,
      after_id: 101,
      before_id: 102,
    });
    expect(moveBodyOf(moveTask(LANES, 101, 13, 0), 101)).toEqual({
      column_id: 13,
      after_id: null,
      before_id: null,
    });
  });

  it('sees no move when the task keeps its column and neighbours', () => {
    expect(samePlace(LANES, moveTask(LANES, 101, 11, 0), 101)).toBe(true);
    expect(samePlace(LANES, moveTask(LANES, 101, 11, 1), 101)).toBe(false);
  });

  it('writes the order back into the board, the moved task in its new column, others added meanwhile kept', () => {
    const data = board();
    const moved = applyLanes(data, [
      { id: 11, tasks: [102] },
      { id: 12, tasks: [103, 101] },
      { id: 13, tasks: [] },
    ]);
    expect(lanesOf(moved)).toEqual([
      { id: 11, tasks: [102] },
      { id: 12, tasks: [103, 101] },
      { id: 13, tasks: [] },
    ]);
    expect(moved.columns[1].tasks[1].column_id).toBe(12);
    // A task the lanes do not know (someone added it meanwhile) stays at its column's end.
    expect(
      lanesOf(
        applyLanes(data, [
          { id: 11, tasks: [102] },
          { id: 12, tasks: [101] },
        ]),
      )[1].tasks,
    ).toEqual([101, 103]);
  });
});
