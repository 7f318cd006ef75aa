import { open, readFile, rename, rm } from 'node:fs/promises';
import { parseTaskChoice, type TaskChoice, type TaskStore } from '@vahub/tracker-core/current-task';

/**
 * The current task in `task.json` (mode 0600), so a restarted agent goes on naming it while its shift runs,
 * and a choice made while no agent runs (`vahub-agent task`) waits for the next run. Written to a temporary
 * file and renamed: a crash mid-write leaves the previous choice, never half a file.
 */
export class FileTaskStore implements TaskStore {
  constructor(private readonly path: string) {}

  async load(): Promise<TaskChoice | null> {
    try {
      return parseTaskChoice(JSON.parse(await readFile(this.path, 'utf8')));
    } catch {
      return null;
    }
  }

  async save(choice: TaskChoice | null): Promise<void> {
    if (!choice) {
      await rm(this.path, { force: true });
      return;
    }
    const tmp = `${this.path}.tmp`;
    const handle = await open(tmp, 'w', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(choice)}\n`);
    } finally {
      await handle.close();
    }
    await rename(tmp, this.path);
  }
}
