import { z } from 'zod';
import type { Deps } from '../../lib/types';
import type { DomainEvent, DomainEventType } from '../../platform/events/types';
import type { UnitOfWork } from '../../platform/transaction';
import { peopleByIds } from '../people/public';
import { deliver, type Outgoing } from './notifications.deliver';
import { linkFor } from './notifications.links';
import { planFor } from './notifications.plans';
import { recipientsOf } from './notifications.recipients';

export const NOTIFICATIONS_CONSUMER = 'notifications';

/** The events that become notifications (DOMAIN.md "Notifications and audit"). */
export const NOTIFIED_EVENTS = [
  'attendance.late',
  'attendance.absent',
  'request.created',
  'request.decided',
  'request.cancelled',
  'request.deleted',
  'screenshot.failed',
  'timesheet.disputed',
  'task.assigned',
  'task.mentioned',
  'invoice.issued',
] as const satisfies readonly DomainEventType[];

/**
 * Older events are history, not news: a new consumer reads the whole event stream from its start, so an
 * installation that gets this module would otherwise tell everyone of every late shift it ever had.
 */
const STALE_AFTER_DAYS = 7;

/** Measured on the server's clock, which also stamped the event (tests and demos may set it apart from the machine's). */
function isStale(event: DomainEvent, now: Date): boolean {
  return event.createdAt.getTime() < now.getTime() - STALE_AFTER_DAYS * 86_400_000;
}

/** One event: its plan, its recipients, each one's words and link, then the rows, mails and pushes. */
async function notify(deps: Deps, event: DomainEvent, uow: UnitOfWork) {
  if (isStale(event, deps.clock.now())) return;
  let plan: Awaited<ReturnType<typeof planFor>>;
  try {
    plan = await planFor(uow.tx, event);
  } catch (err) {
    // A payload that does not parse will not parse on a retry either: logged and skipped.
    if (!(err instanceof z.ZodError)) throw err;
    deps.log.warn(
      { event_id: event.id, type: event.type, issues: err.issues },
      'notifications: bad event payload',
    );
    return;
  }
  if (!plan) return;
  const recipients = await recipientsOf(uow.tx, event.organizationId, plan.vaId, plan.audience, plan.actorId);
  if (!recipients.size) return;
  const people = await peopleByIds(uow.tx, recipients.keys());
  const outgoing: Outgoing[] = [];
  for (const [userId, role] of recipients) {
    const person = people.get(userId);
    if (!person) continue;
    outgoing.push({
      userId,
      email: person.email,
      text: plan.text({ role, timezone: person.timezone }),
      link: linkFor(plan.topic, role),
    });
  }
  await deliver(deps, uow, event, plan, outgoing);
}

/**
 * The module's one event consumer. Its writes commit with its cursor, and each row names its event, so a
 * redelivered event (after a crash between commit and cursor) adds nothing.
 */
export function registerNotificationConsumer(deps: Deps) {
  deps.events.subscribe(NOTIFICATIONS_CONSUMER, NOTIFIED_EVENTS, (event, uow) => notify(deps, event, uow));
}
