import { asc, eq, sql } from 'drizzle-orm';
import { mailOutbox } from '../src/modules/mail/mail.table';
import { notifications } from '../src/modules/notifications/notifications.table';
import type { DomainEventType } from '../src/platform/events/types';
import type { TrackerWorld } from './attendance-fixtures';
import type { Harness } from './harness';

// What the notification test files share. The world is the tracker world (attendance-fixtures.ts): admin Ada,
// manager Mia over client Mina (so over VA Ana, c1), Leo leading the team with VA Ben (c2, client Theo), Ned
// managing nobody; organization 2's admin Eve, client Finn and VA Gus.

/** Raises an event as a module would (in its own transaction) and waits until the consumers handled it. */
export async function raise(
  h: Harness,
  organizationId: number,
  type: DomainEventType,
  payload: Record<string, unknown>,
) {
  await h.deps.transaction((uow) => h.deps.events.raise(uow, organizationId, type, payload));
  await h.deps.events.drain();
}

/** Every notification row, oldest first. */
export const allNotifications = (h: Harness) =>
  h.db.select().from(notifications).orderBy(asc(notifications.id));

/** Who received notifications of this type: their emails, sorted. */
export async function recipientsOfType(h: Harness, w: TrackerWorld, type: string) {
  const emails = new Map(Object.values(w.people).map((p) => [p.id, p.email]));
  const rows = await h.db
    .select()
    .from(notifications)
    .where(eq(notifications.type, type as never));
  return rows.map((r) => emails.get(r.userId) ?? `#${r.userId}`).sort();
}

/** The mails in the outbox, oldest first. */
export const mails = (h: Harness) => h.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));

/** Makes the notifications consumer read the stream again from its start, as after a crash. */
export async function replayNotifications(h: Harness) {
  await h.db.execute(
    sql`UPDATE event_consumers SET last_tx_id = '0', last_event_id = 0 WHERE name = 'notifications'`,
  );
  await h.deps.events.drain();
}

/** A request's event payload (Ana's sick leave, 3–5 Mar, asked by herself) with `fields` changed. */
export const requestPayload = (w: TrackerWorld, fields: Record<string, unknown> = {}) => ({
  request_id: 41,
  va_id: w.people.ana.id,
  client_id: w.people.mina.id,
  contract_id: w.contracts.c1.id,
  type: 'sick_leave',
  target_start_date: '2026-03-03',
  target_end_date: '2026-03-05',
  minutes: null,
  actor_id: w.people.ana.id,
  ...fields,
});

/** Any call as a signed-in user (an `/api/v1/…` path); status and JSON. */
export async function call(
  h: Harness,
  email: string | null,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  payload?: object,
) {
  const res = await h.app.inject({
    method,
    url: `/api/v1/${path}`,
    headers: email ? await h.bearer(email) : {},
    payload,
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}
