import { describe, expect, it } from 'vitest';
import { INITIAL_SHIFT, isTracking, type ShiftEvent, type ShiftState, shiftReducer } from './shift-state';
import { attendance, currentShift } from './test-helpers';

const a5 = attendance({ id: 5, status: 'ongoing' });
const a5Ended = attendance({ id: 5, status: 'completed' });
const a5Fresher = { ...a5, worked_seconds: 600 };
const a6 = attendance({ id: 6, status: 'ongoing' });

/** Every state a tracker can be in, for attendance 5. */
const STATES = {
  'clocked out, nothing known': INITIAL_SHIFT,
  'clocked out after shift 5': { status: 'clocked_out', attendance: a5Ended },
  'on shift 5': { status: 'on_shift', attendance: a5 },
  'idle in shift 5': { status: 'idle', attendance: a5 },
  'forced out of shift 5': { status: 'forced_out', attendance: a5 },
} satisfies Record<string, ShiftState>;
type StateName = keyof typeof STATES;

const EVENTS = {
  'refresh: shift 5 ongoing': { type: 'refreshed', current: currentShift(a5) },
  'refresh: shift 6 ongoing': { type: 'refreshed', current: currentShift(a6) },
  'refresh: shift 6 upcoming': { type: 'refreshed', current: currentShift(attendance({ id: 6 })) },
  'refresh: nothing': { type: 'refreshed', current: currentShift(null) },
  'clocked in to 5': { type: 'clocked_in', attendance: a5 },
  'clocked out of 5': { type: 'clocked_out', attendance: a5Ended },
  '5 changed to completed': { type: 'changed', attendanceId: 5, status: 'completed' },
  '5 changed to ongoing': { type: 'changed', attendanceId: 5, status: 'ongoing' },
  '6 changed to completed': { type: 'changed', attendanceId: 6, status: 'completed' },
  'logout of 5': { type: 'logout', attendanceId: 5 },
  'logout of 6': { type: 'logout', attendanceId: 6 },
  'idle started': { type: 'idle_started' },
  'idle ended': { type: 'idle_ended' },
  'figures of 5': { type: 'figures', attendance: a5Fresher },
  'figures of 6': { type: 'figures', attendance: a6 },
} satisfies Record<string, ShiftEvent>;
type EventName = keyof typeof EVENTS;

/** `same`: the very state object comes back (nothing changed, no listener hears of it). */
type Expected = 'same' | ShiftState;
const S = 'same' as const;
const on = (a = a5): ShiftState => ({ status: 'on_shift', attendance: a });
const idle = (a = a5): ShiftState => ({ status: 'idle', attendance: a });
const out = (a: ShiftState['attendance']): ShiftState => ({ status: 'clocked_out', attendance: a });
const forced = (a = a5): ShiftState => ({ status: 'forced_out', attendance: a });

/** Rows: events; columns: the states in the order of STATES. */
const TABLE: Record<EventName, [Expected, Expected, Expected, Expected, Expected]> = {
  // The server's word on an ongoing shift tracks it; `idle` survives a refresh of the same shift only.
  'refresh: shift 5 ongoing': [on(), on(), on(), idle(), on()],
  'refresh: shift 6 ongoing': [on(a6), on(a6), on(a6), on(a6), on(a6)],
  // Nothing ongoing: clocked out, keeping the shift that ended; a forced logout stays visible.
  'refresh: shift 6 upcoming': [out(null), out(a5Ended), out(a5), out(a5), S],
  'refresh: nothing': [out(null), out(a5Ended), out(a5), out(a5), S],
  'clocked in to 5': [on(), on(), on(), on(), on()],
  // A clock-out answer after a forced logout keeps the forced logout (the UI says who ended the shift).
  'clocked out of 5': [out(a5Ended), out(a5Ended), out(a5Ended), out(a5Ended), S],
  // Ended elsewhere: stop tracking it. Still ongoing, or another shift: nothing changes.
  '5 changed to completed': [S, S, out(a5), out(a5), S],
  '5 changed to ongoing': [S, S, S, S, S],
  '6 changed to completed': [S, S, S, S, S],
  // The logout may come after the shift already went to clocked out by `attendance.changed`.
  'logout of 5': [S, forced(a5Ended), forced(), forced(), S],
  'logout of 6': [S, S, S, S, S],
  'idle started': [S, S, idle(), S, S],
  'idle ended': [S, S, S, on(), S],
  'figures of 5': [S, out(a5Fresher), on(a5Fresher), idle(a5Fresher), forced(a5Fresher)],
  'figures of 6': [S, S, S, S, S],
};

describe('shiftReducer: every event from every state', () => {
  const names = Object.keys(STATES) as StateName[];
  for (const [eventName, row] of Object.entries(TABLE) as [EventName, Expected[]][]) {
    row.forEach((expected, column) => {
      const stateName = names[column];
      it(`${eventName}, when ${stateName}: ${expected === S ? 'nothing changes' : `${expected.status} (${expected.attendance?.id ?? 'none'})`}`, () => {
        const state = STATES[stateName];
        const next = shiftReducer(state, EVENTS[eventName]);
        if (expected === S) expect(next).toBe(state);
        else {
          expect(next).toEqual(expected);
          // The same attendance object the event or state carried, not a copy.
          expect(next.attendance).toBe(expected.attendance);
        }
      });
    });
  }
});

describe('isTracking', () => {
  it('is true on shift and idle only', () => {
    expect(Object.values(STATES).map(isTracking)).toEqual([false, false, true, true, false]);
  });
});
