import type { ServerCurrentTask } from '@vahub/shared/attendance/tracker-protocol';
import type { CurrentTask } from './current-task';
import { statusOf, type TrackerTransport } from './transport';

/** A tracker's task as the server keeps it (kind and id; the title is the tracker's own). */
export const toServerTask = (task: CurrentTask | null): ServerCurrentTask | null =>
  task ? { kind: task.kind, id: task.id } : null;

/** The server's task as this tracker keeps it: the local title stays when it is the same task. */
export function fromServerTask(
  task: ServerCurrentTask | null,
  local: CurrentTask | null,
): CurrentTask | null {
  if (!task) return null;
  if (local && local.kind === task.kind && local.id === task.id) return local;
  return { kind: task.kind, id: task.id };
}

/** A refusal the server will repeat (the task may not be named, the shift is over), unlike an outage. */
const final = (status: number | undefined) =>
  status !== undefined && status >= 400 && status < 500 && ![401, 408, 429].includes(status);

/**
 * Tells the server what the tracked shift works on, so the VA's other trackers follow (`PUT
 * attendance/current-task`). A choice made here is `pending` until the server took it: meanwhile the server's
 * word does not replace it. One call at a time; a choice made during a call is sent after it; a failed call
 * is tried again at the next `kick` (a refresh, the socket back, the network back). A refused choice gives
 * way to the server's (`onRefused`).
 */
export class TaskSync {
  private version = 0;
  private sent = 0;
  private running = false;

  constructor(
    private readonly o: {
      transport: Pick<TrackerTransport, 'setCurrentTask'>;
      /** The shift tracked now and this tracker's task; null when not tracking. */
      target: () => { attendanceId: number; task: CurrentTask | null } | null;
      onRefused: (error: unknown) => void;
      onError: (error: unknown) => void;
    },
  ) {}

  get pending(): boolean {
    return this.sent < this.version;
  }

  /** This tracker chose a task for the tracked shift (or a choice made before clock-in joined it). */
  changed(): void {
    this.version++;
    void this.kick();
  }

  async kick(): Promise<void> {
    const { transport } = this.o;
    if (!transport.setCurrentTask) this.sent = this.version;
    if (this.running || !this.pending) return;
    this.running = true;
    try {
      while (this.pending) {
        const version = this.version;
        const target = this.o.target();
        // Not tracking: nothing to tell (a choice made before clock-in is sent when it joins the shift).
        if (!target) {
          this.sent = version;
          break;
        }
        try {
          await transport.setCurrentTask?.(target.attendanceId, toServerTask(target.task));
          this.sent = version;
        } catch (error) {
          if (!final(statusOf(error))) {
            this.o.onError(error);
            return;
          }
          // The refused choice goes; one made while it was out is still the VA's word and is sent next.
          this.sent = version;
          if (!this.pending) this.o.onRefused(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
