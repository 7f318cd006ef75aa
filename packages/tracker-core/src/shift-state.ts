import type { Attendance } from '@vahub/shared/attendance/schemas';
import type { CurrentShift } from '@vahub/shared/attendance/tracker-protocol';

/**
 * The shift as a tracker knows it. `on_shift` and `idle` both track (pings flow); `forced_out` is
 * `clocked_out` that remembers why, so the UI can say an admin or manager ended the shift.
 */
export type ShiftStatus = 'clocked_out' | 'on_shift' | 'idle' | 'forced_out';

export interface ShiftState {
  status: ShiftStatus;
  /** The ongoing attendance while tracking; the ended one after a clock-out or forced logout. */
  attendance: Attendance | null;
}

export type ShiftEvent =
  /** The server answered `attendance/current/user`. */
  | { type: 'refreshed'; current: CurrentShift }
  /** The server answered a clock-in. */
  | { type: 'clocked_in'; attendance: Attendance }
  /** The server answered a clock-out. */
  | { type: 'clocked_out'; attendance: Attendance }
  /** `attendance.changed` over the socket. */
  | { type: 'changed'; attendanceId: number; status: string }
  /** `attendance.logout` over the socket: stop now. */
  | { type: 'logout'; attendanceId: number }
  | { type: 'idle_started' }
  | { type: 'idle_ended' }
  /** A newer attendance figure (a ping batch's answer): same state, fresher numbers. */
  | { type: 'figures'; attendance: Attendance };

export const INITIAL_SHIFT: ShiftState = { status: 'clocked_out', attendance: null };

export const isTracking = (state: ShiftState): boolean =>
  state.status === 'on_shift' || state.status === 'idle';

const isCurrent = (state: ShiftState, attendanceId: number) => state.attendance?.id === attendanceId;

/** The pure transition function: every host reacts to the same events the same way. */
export function shiftReducer(state: ShiftState, event: ShiftEvent): ShiftState {
  switch (event.type) {
    case 'refreshed': {
      const { current } = event;
      if (current.state === 'ongoing' && current.attendance) {
        // Keep `idle` across a refresh of the same shift: only input ends it.
        const keepIdle = state.status === 'idle' && isCurrent(state, current.attendance.id);
        return { status: keepIdle ? 'idle' : 'on_shift', attendance: current.attendance };
      }
      // Nothing ongoing: a forced logout stays visible until the VA acts; otherwise clocked out, keeping the
      // shift that just ended (its `attendance.logout` may still be on its way, see `logout`).
      if (state.status === 'forced_out') return state;
      return { status: 'clocked_out', attendance: state.attendance };
    }
    case 'clocked_in':
      return { status: 'on_shift', attendance: event.attendance };
    case 'clocked_out':
      return isTracking(state) || state.status === 'clocked_out'
        ? { status: 'clocked_out', attendance: event.attendance }
        : state;
    case 'changed':
      // The shift ended elsewhere (another device, the auto-close job): stop tracking it.
      if (isTracking(state) && isCurrent(state, event.attendanceId) && event.status !== 'ongoing')
        return { status: 'clocked_out', attendance: state.attendance };
      return state;
    case 'logout':
      // The server announces the ended shift (`attendance.changed`) before the logout itself, so a shift that
      // just went to clocked out by that message is still forced out when its logout arrives.
      if (state.status !== 'forced_out' && isCurrent(state, event.attendanceId))
        return { status: 'forced_out', attendance: state.attendance };
      return state;
    case 'idle_started':
      return state.status === 'on_shift' ? { ...state, status: 'idle' } : state;
    case 'idle_ended':
      return state.status === 'idle' ? { ...state, status: 'on_shift' } : state;
    case 'figures':
      return isCurrent(state, event.attendance.id) ? { ...state, attendance: event.attendance } : state;
  }
}
