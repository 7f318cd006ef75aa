import { parseTaskChoice, type TaskChoice, type TaskStore } from '@vahub/tracker-core/current-task';

export const taskStoreKey = (userId: number) => `vahub-timer-task-${userId}`;

/**
 * The web timer's current task in localStorage (per user), so a reload or the next leading tab goes on with
 * it while its shift runs. Storage that refuses (private mode, quota) only loses the choice on reload.
 */
export class LocalTaskStore implements TaskStore {
  constructor(private readonly key: string) {}

  async load(): Promise<TaskChoice | null> {
    try {
      const raw = localStorage.getItem(this.key);
      return raw ? parseTaskChoice(JSON.parse(raw)) : null;
    } catch {
      return null;
    }
  }

  async save(choice: TaskChoice | null): Promise<void> {
    try {
      if (choice) localStorage.setItem(this.key, JSON.stringify(choice));
      else localStorage.removeItem(this.key);
    } catch {}
  }
}
