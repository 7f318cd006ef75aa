import type { SetCurrentTaskInput } from '@vahub/shared/attendance/tracker-protocol';
import type { Db } from '../../db/client';
import { definePort } from '../../lib/ports';

// What the attendance module needs of the modules above it, declared here so that attendance imports nothing
// of them: each registers its implementation when its <name>.module.ts loads.

// The requests module (a layer above: requests change shifts). A port, not an event: rebuilding a contract's
// window reads it in its own transaction, to keep the approved make-up shifts.

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

// The projects module (a layer above: it knows the tasks). The one way attendance asks it whether a shift may
// name a task: the current task (`PUT attendance/current-task`) and every ping's task, in the caller's
// transaction.

/** A task or general task a shift names. */
export type TaskRef = NonNullable<SetCurrentTaskInput['task']>;

/** What a task is checked against: the shift's contract and client. */
export type ShiftOfTask = { attendanceId: number; contractId: number; clientId: number };

export type TaskChoice = {
  /**
   * The one rule of what a shift may name: checks a whole set at once (a few queries at most, whatever their
   * number) and answers, per task, the message refusing it (null: the shift may name it).
   */
  checkTasks(
    db: Db,
    organizationId: number,
    shift: ShiftOfTask,
    tasks: TaskRef[],
  ): Promise<(task: TaskRef) => string | null>;
};

export const taskChoicePort = definePort<TaskChoice>(
  'attendance: task choice',
  'modules/projects/projects.module.ts',
);
