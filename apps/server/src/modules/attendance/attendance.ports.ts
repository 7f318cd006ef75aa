import type { Db } from '../../db/client';
import { definePort } from '../../lib/ports';

// What the attendance engine needs of the requests module (a layer above: requests change shifts), declared here
// so that attendance imports nothing of it: requests registers it when requests.module.ts loads. A port, not an
// event: rebuilding a contract's window reads it in its own transaction, to keep the approved make-up shifts.

export type MakeupShifts = {
  /**
   * Which of these attendances are approved make-up shifts (no schedule made them, so a rebuilt window keeps
   * them: none would make them again).
   */
  makeupShiftIds(db: Db, attendanceIds: number[]): Promise<Set<number>>;
};

export const makeupShiftsPort = definePort<MakeupShifts>(
  'attendance: make-up shifts',
  'modules/requests/requests.module.ts',
);
