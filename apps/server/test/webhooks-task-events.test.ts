import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './background';
import { createHarness, type Harness } from './harness';
import { ADMIN, as, columnsOf, MINA, ok, type ProjectsWorld, seedProjectsWorld } from './projects-fixtures';
import { type Receiver, startReceiver } from './webhook-receiver';

// Issue 31: "task created and moved" reach an admin's webhook as the projects module raises them.
let h: Harness;
let rx: Receiver;
let world: ProjectsWorld;

beforeAll(async () => {
  rx = await startReceiver();
  h = await createHarness({ WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_RETRY_DELAY_SECONDS: '1' });
  await h.reset();
  world = await seedProjectsWorld(h);
});
afterAll(async () => {
  await h?.close();
  await rx?.close();
});

describe('task events', () => {
  it('a created task and a move to another column are delivered once each; reordering in a column is not a move', async () => {
    const hook = ok(
      await as(h, ADMIN, 'POST', 'webhooks', {
        url: `${rx.url}/tasks`,
        description: 'Board sync',
        events: ['task.created', 'task.moved'],
      }),
      201,
    );
    rx.secret = hook.secret;
    const project = world.projects.website;
    const [todo, doing, , done] = await columnsOf(h, project.id);
    const first = ok(
      await as(h, MINA, 'POST', 'tasks', { project_id: project.id, title: 'Write the brief' }),
      201,
    );
    const second = ok(await as(h, MINA, 'POST', 'tasks', { project_id: project.id, title: 'Send it' }), 201);
    // Within "to do": only the order changes.
    ok(await as(h, MINA, 'POST', `tasks/${second.id}/move`, { column_id: todo.id, before_id: first.id }));
    ok(await as(h, MINA, 'POST', `tasks/${first.id}/move`, { column_id: doing.id }));
    ok(await as(h, MINA, 'POST', `tasks/${first.id}/move`, { column_id: done.id }));
    await h.deps.events.drain();

    const got = await eventually('four deliveries', async () =>
      rx.received.length >= 4 ? rx.received : undefined,
    );
    // Nothing more arrives for the reorder (a moment for a stray delivery to show up). Each delivery is a job of
    // its own (retried alone), so they may arrive in any order: a receiver orders by the event's time.
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.received.map((r) => r.json.type).sort()).toEqual([
      'task.created',
      'task.created',
      'task.moved',
      'task.moved',
    ]);
    expect(got.every((r) => r.signed)).toBe(true);
    const ids = new Set(got.map((r) => r.eventId));
    expect(ids.size).toBe(4);
    const mina = world.people.mina.id;
    const data = (r: (typeof got)[number]) => r.json.data as Record<string, unknown>;
    const created = got.find((r) => r.json.type === 'task.created' && data(r).task_id === first.id);
    const moved = (to: number) =>
      got.find((r) => r.json.type === 'task.moved' && data(r).to_column_id === to);
    expect(created?.json.data).toEqual({
      task_id: first.id,
      project_id: project.id,
      client_id: mina,
      column_id: todo.id,
      title: 'Write the brief',
      assignee_id: null,
      actor_id: mina,
    });
    expect(moved(doing.id)?.json.data).toMatchObject({
      task_id: first.id,
      from_column_id: todo.id,
      to_column_id: doing.id,
      completed: false,
    });
    expect(moved(done.id)?.json.data).toMatchObject({
      task_id: first.id,
      from_column_id: doing.id,
      to_column_id: done.id,
      completed: true,
    });
    const [{ n }] = (
      (await h.db.execute(
        sql`select count(*)::int as n from domain_events where type = 'task.moved'`,
      )) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows;
    expect(n).toBe(2);
  });
});
