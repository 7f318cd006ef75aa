import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PickableTask } from '@vahub/shared/projects/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerRequest } from './agent-requests';
import { main } from './cli';
import type { Io } from './commands';
import { files } from './paths';
import { started } from './test-agent';

afterEach(() => {
  vi.useRealTimers();
});

const pickable = (id: number, title: string, mine: boolean, project = 'Website'): PickableTask => ({
  id,
  title,
  project: { id: project === 'Website' ? 1 : 2, name: project, color: '#7950f2' },
  column: { id: 1, name: 'To do' },
  priority: mine ? 'high' : 'medium',
  due_date: mine ? '2026-03-05' : null,
  assigned_to_me: mine,
  tracked_seconds: mine ? 4800 : 0,
});

/** Real time for file I/O between fake-timer steps (the command polls the answer file). */
const realPause = () =>
  new Promise<void>((resolve) => {
    const h = setInterval(() => {
      clearInterval(h);
      resolve();
    }, 5);
  });

describe('task and tasks through the running agent', () => {
  it('`task` switches the next pings of the running agent; `tasks --json` lists; `status` shows it', async () => {
    // This process stands in for the running agent: the parent's pid is alive and is not ours.
    const pid = process.ppid;
    const { server, agent, home, lines } = await started(async () => [], { pid });
    server.state.tasks = [pickable(12, 'Fix the login', true), pickable(14, 'Write the FAQ', false, 'Docs')];
    server.state.generalTasks = [
      { id: 3, name: 'Meetings', description: '', active: true, created_at: '2026-01-01T00:00:00Z' },
    ];
    await writeFile(join(home, 'run.pid'), String(pid));
    const paths = files(home);
    const out: string[] = [];
    const err: string[] = [];
    const io: Io = {
      stdout: (t) => out.push(t),
      stderr: (t) => err.push(t),
      env: { VAHUB_AGENT_HOME: home },
      fetch: server.fetchFn,
      now: () => Date.now(),
      // The signal reaches the agent of this test.
      kill: () => void answerRequest(agent.client, paths, (l) => lines.push(l)),
    };
    /** Runs a command to its end, moving the fake clock in small steps while it waits for the agent. */
    const cli = async (...argv: string[]) => {
      let code: number | null = null;
      const running = main(argv, io).then((c) => {
        code = c;
      });
      for (let i = 0; i < 300 && code === null; i++) {
        await realPause();
        await vi.advanceTimersByTimeAsync(50);
      }
      await running;
      return code;
    };
    const taskIds = () => server.state.pings.map((p) => [p.task_id ?? null, p.general_task_id ?? null]);

    await vi.advanceTimersByTimeAsync(60_000);
    await agent.client.flush();
    expect(taskIds()).toEqual([[null, null]]);

    expect(await cli('task', '12')).toBe(0);
    expect(out.pop()).toBe('Now tracking time on task 12 "Fix the login".');
    expect(lines).toContain('Now on task 12 "Fix the login" (at the request of "task")');
    await vi.advanceTimersByTimeAsync(60_000);
    await agent.client.flush();
    expect(taskIds().at(-1)).toEqual([12, null]);

    expect(await cli('task', '--general', '3')).toBe(0);
    expect(out.pop()).toBe('Now tracking time on general task 3 "Meetings".');
    await vi.advanceTimersByTimeAsync(60_000);
    await agent.client.flush();
    expect(taskIds().at(-1)).toEqual([null, 3]);

    // An id the VA may not track is refused before the agent is asked.
    expect(await cli('task', '99')).toBe(1);
    expect(err.pop()).toBe(
      'Task 99 is not an open task you can track under "Support". See: vahub-agent tasks',
    );

    expect(await cli('tasks', '--json')).toBe(0);
    const listed = JSON.parse(out.pop() as string);
    expect(listed).toMatchObject({
      contract: { id: 1, title: 'Support' },
      attendance_id: 7,
      current: { kind: 'general', id: 3, title: 'Meetings' },
    });
    expect(listed.tasks.map((t: PickableTask) => t.id)).toEqual([12, 14]);
    expect(listed.general_tasks.map((g: { name: string }) => g.name)).toEqual(['Meetings']);
    expect(await cli('tasks')).toBe(0);
    expect(out.pop()).toBe(
      [
        'Tasks of "Support":',
        '',
        'My tasks',
        '  12  Fix the login · Website, high, due 2026-03-05 · 1h 20m tracked',
        '',
        'Docs',
        '  14  Write the FAQ · Docs, medium',
        '',
        'General tasks',
        '*  3  Meetings',
        '',
        'Current: general task 3 "Meetings"',
        'Choose with: vahub-agent task <id> | task --general <id> | task --clear',
      ].join('\n'),
    );

    await vi.advanceTimersByTimeAsync(500); // the agent writes its state file
    expect(await cli('status', '--json')).toBe(0);
    expect(JSON.parse(out.pop() as string)).toMatchObject({
      running: true,
      task: { kind: 'general', id: 3, title: 'Meetings' },
    });
    expect(await cli('status')).toBe(0);
    expect(out.pop()).toMatch(/Task: +general task 3 "Meetings"/);

    expect(await cli('task', '--clear')).toBe(0);
    expect(out.pop()).toBe('No task: time is tracked without one.');
    await vi.advanceTimersByTimeAsync(60_000);
    await agent.client.flush();
    expect(taskIds().at(-1)).toEqual([null, null]);
    await agent.stop(100);
  }, 30_000);
});
