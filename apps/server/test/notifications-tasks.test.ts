import { describe, expect, it } from 'vitest';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { allNotifications, mails } from './notifications-fixtures';
import { ADMIN, as, MINA, ok, type ProjectsWorld, seedProjectsWorld } from './projects-fixtures';

// Issue 15's events through issue 14's notifications: the VA hears of a task assigned to them, and the people a
// comment mentions hear of it, with a link to the task (the VA's: their home, where their tasks are).
let h: Harness;
let w: ProjectsWorld;
useWorld('each', seedProjectsWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

const rowsOf = async (type: string) =>
  (await allNotifications(h))
    .filter((n) => n.type === type)
    .map((n) => ({ user: n.userId, title: n.title, link: n.data.link, va: n.vaId }));

describe('task notifications', () => {
  it('tells the VA a task was assigned to them, in the feed and by mail', async () => {
    const task = ok(
      await as(h, MINA, 'POST', 'tasks', {
        project_id: w.projects.website.id,
        title: 'Write the FAQ',
        assignee_id: w.people.ana.id,
      }),
      201,
    );
    await h.deps.events.drain();
    expect(await rowsOf('task.assigned')).toEqual([
      {
        user: w.people.ana.id,
        title: 'Mina Test assigned you “Write the FAQ”',
        link: '/va-dashboard',
        va: w.people.ana.id,
      },
    ]);
    expect((await mails(h)).map((m) => [m.to, m.subject])).toContainEqual([
      'ana@home.test',
      'Mina Test assigned you “Write the FAQ”',
    ]);
    expect(task.assignee_id).toBe(w.people.ana.id);
  });

  it('tells the people a comment mentions, each with the link of their dashboard, never the author', async () => {
    const task = ok(
      await as(h, MINA, 'POST', 'tasks', { project_id: w.projects.website.id, title: 'Launch' }),
      201,
    );
    const body = `@[Ana Test](#user-${w.people.ana.id}) and @[Mia Test](#user-${w.people.manager.id}), ready?`;
    ok(await as(h, ADMIN, 'POST', `tasks/${task.id}/comments`, { body }), 201);
    await h.deps.events.drain();
    const board = `/projects/${w.projects.website.id}/board?task=${task.id}`;
    const rows = await rowsOf('task.mentioned');
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          user: w.people.ana.id,
          title: 'Ada Test mentioned you on “Launch”',
          link: '/va-dashboard',
          va: null,
        },
        {
          user: w.people.manager.id,
          title: 'Ada Test mentioned you on “Launch”',
          link: `/manager-dashboard${board}`,
          va: null,
        },
      ]),
    );
    expect(rows).toHaveLength(2);
    // The admin's log is about VAs: a mention is not in it.
    const log = ok(await as(h, ADMIN, 'GET', 'virtual-assistants/notifications?type=task.mentioned'));
    expect(log.data).toEqual([]);
  });
});
