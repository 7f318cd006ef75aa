import type { PingInput } from '@vahub/shared/attendance/tracker-protocol';
import { isTracking, type ShiftState } from './shift-state';

/**
 * What the VA works on now (DOMAIN.md "Projects and tasks"): a task of a project or a general task (a work
 * category such as meetings). Each tracker keeps it (and the server, for the VA's other trackers: see
 * `task-sync.ts`); every ping it sends names it.
 */
export interface CurrentTask {
  kind: 'task' | 'general';
  id: number;
  /** For display only (the picker's lists name it); pings carry the id alone. */
  title?: string;
}

/**
 * The choice as a tracker keeps it: the task and the attendance it was made for. `attendanceId` is null for a
 * choice made before clock-in: it applies to the next shift tracked, and belongs to that one from then on.
 */
export interface TaskChoice {
  task: CurrentTask;
  attendanceId: number | null;
}

/** Where a tracker keeps its choice across a restart (a file for the agent, localStorage in the browser). */
export interface TaskStore {
  load(): Promise<TaskChoice | null>;
  save(choice: TaskChoice | null): Promise<void>;
}

export class MemoryTaskStore implements TaskStore {
  constructor(public choice: TaskChoice | null = null) {}
  async load(): Promise<TaskChoice | null> {
    return this.choice;
  }
  async save(choice: TaskChoice | null): Promise<void> {
    this.choice = choice;
  }
}

const positiveId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

/** A stored choice read back (a file, localStorage): anything malformed is no choice. */
export function parseTaskChoice(value: unknown): TaskChoice | null {
  const { task, attendanceId } = (value ?? {}) as { task?: Partial<CurrentTask>; attendanceId?: unknown };
  if (!task || (task.kind !== 'task' && task.kind !== 'general') || !positiveId(task.id)) return null;
  if (attendanceId !== null && !positiveId(attendanceId)) return null;
  const out: CurrentTask = { kind: task.kind, id: task.id };
  if (typeof task.title === 'string') out.title = task.title;
  return { task: out, attendanceId };
}

/**
 * The choice after the shift changed: a choice made before clock-in joins the shift that starts tracking; a
 * choice made for a shift ends with it (clock-out, forced logout, ended elsewhere) or when another shift is
 * tracked, so yesterday's task never names today's pings.
 */
export function reconcileTask(choice: TaskChoice | null, shift: ShiftState): TaskChoice | null {
  if (!choice) return null;
  const tracked = isTracking(shift) ? (shift.attendance?.id ?? null) : null;
  if (choice.attendanceId === null) return tracked === null ? choice : { ...choice, attendanceId: tracked };
  return choice.attendanceId === tracked ? choice : null;
}

/** The ping fields naming a task (none without one). */
export function pingTaskFields(task: CurrentTask | null): Pick<PingInput, 'task_id' | 'general_task_id'> {
  if (!task) return {};
  return task.kind === 'task' ? { task_id: task.id } : { general_task_id: task.id };
}

export const sameTask = (a: CurrentTask | null, b: CurrentTask | null): boolean =>
  a === b || (a !== null && b !== null && a.kind === b.kind && a.id === b.id && a.title === b.title);

/**
 * A tracker's current task: the choice, its store, and the rule of `reconcileTask`. The tracker client owns
 * one and reports `task` in its snapshot through `onChange`.
 */
export class TaskKeeper {
  private choice: TaskChoice | null = null;
  /** The host chose before the stored choice was read: the stored one is older and loses. */
  private chosen = false;
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly o: {
      store?: TaskStore;
      onChange: (task: CurrentTask | null) => void;
      onError: (error: unknown) => void;
    },
  ) {}

  get task(): CurrentTask | null {
    return this.choice?.task ?? null;
  }

  /** The shift the choice belongs to (null: made before clock-in, or no choice). */
  get attendanceId(): number | null {
    return this.choice?.attendanceId ?? null;
  }

  /** Reads the stored choice, unreconciled: whether its shift still runs is known once the server answers. */
  async load(): Promise<void> {
    if (!this.o.store || this.chosen) return;
    const stored = await this.o.store.load().catch(() => null);
    if (!this.chosen) this.set(stored, false);
  }

  /** The host's choice; `attendanceId` is the shift tracked now (null before clock-in). */
  choose(task: CurrentTask | null, attendanceId: number | null): void {
    this.chosen = true;
    this.set(task ? { task, attendanceId } : null);
  }

  /** The shift changed: the choice joins it, stays, or ends with it. */
  follow(shift: ShiftState): void {
    this.set(reconcileTask(this.choice, shift));
  }

  /** Waits until the choice is stored. */
  flush(): Promise<void> {
    return this.saving;
  }

  private set(choice: TaskChoice | null, save = true) {
    if (choice === this.choice) return;
    const before = this.task;
    this.choice = choice;
    const { store } = this.o;
    if (save && store)
      this.saving = this.saving
        .then(() => store.save(choice))
        .catch((error: unknown) => this.o.onError(error));
    if (!sameTask(before, this.task)) this.o.onChange(this.task);
  }
}
