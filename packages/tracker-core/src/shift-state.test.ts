import { describe, expect, it } from 'vitest';
import { INITIAL_SHIFT, type ShiftState, shiftReducer } from './shift-state';
import { attendance, currentShift } from './test-helpers';

const ongoing = attendance({ id: 5, status: 'ongoing' });
const onShift: ShiftState = { status: 'on_shift', attendance: ongoing };

describe('shiftReducer', () => {
  it('follows the server: a refresh with an ongoing shift tracks it, without one clocks out', () => {
    expect(shiftReducer(INITIAL_SHIFT, { type: 'refreshed', current: currentShift(ongoing) })).toEqual(
      onShift,
    );
    const upcoming = currentShift(attendance({ id: 6 }));
    expect(shiftReducer(onShift, { type: 'refreshed', current: upcoming })).toEqual({
      status: 'clocked_out',
      attendance: ongoing, // the shift that just ended, until another one starts
    });
  });

  it('clock in and out answered by the server', () => {
    const inShift = shiftReducer(INITIAL_SHIFT, { type: 'clocked_in', attendance: ongoing });
    expect(inShift).toEqual(onShift);
    const ended = attendance({ id: 5, status: 'completed' });
    expect(shiftReducer(inShift, { type: 'clocked_out', attendance: ended })).toEqual({
      status: 'clocked_out',
      attendance: ended,
    });
  });

  it('idle comes and goes only while on shift, and survives a refresh of the same shift', () => {
    const idle = shiftReducer(onShift, { type: 'idle_started' });
    expect(idle.status).toBe('idle');
    expect(shiftReducer(idle, { type: 'refreshed', current: currentShift(ongoing) }).status).toBe('idle');
    expect(shiftReducer(idle, { type: 'idle_ended' }).status).toBe('on_shift');
    expect(shiftReducer(INITIAL_SHIFT, { type: 'idle_started' })).toBe(INITIAL_SHIFT);
  });

  it('a forced logout of this shift forces out, and stays until the VA acts', () => {
    const out = shiftReducer(onShift, { type: 'logout', attendanceId: 5 });
    expect(out).toEqual({ status: 'forced_out', attendance: ongoing });
    expect(shiftReducer(out, { type: 'refreshed', current: currentShift(null) })).toBe(out);
    expect(shiftReducer(out, { type: 'clocked_in', attendance: ongoing }).status).toBe('on_shift');
    // The server says the shift ended before it says why: the logout still forces out.
    const ended = shiftReducer(onShift, { type: 'changed', attendanceId: 5, status: 'completed' });
    expect(shiftReducer(ended, { type: 'logout', attendanceId: 5 }).status).toBe('forced_out');
    // Another attendance's logout changes nothing.
    expect(shiftReducer(onShift, { type: 'logout', attendanceId: 99 })).toBe(onShift);
  });

  it('a shift ended elsewhere stops tracking; a change of another one does not', () => {
    expect(shiftReducer(onShift, { type: 'changed', attendanceId: 5, status: 'completed' }).status).toBe(
      'clocked_out',
    );
    expect(shiftReducer(onShift, { type: 'changed', attendanceId: 8, status: 'completed' })).toBe(onShift);
  });

  it('takes fresher figures of the same attendance only', () => {
    const fresher = { ...ongoing, worked_seconds: 600 };
    expect(shiftReducer(onShift, { type: 'figures', attendance: fresher }).attendance?.worked_seconds).toBe(
      600,
    );
    expect(shiftReducer(onShift, { type: 'figures', attendance: attendance({ id: 2 }) })).toBe(onShift);
  });
});
