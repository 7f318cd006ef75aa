import { MAIL_EVENTS, type MailEvent } from '@vahub/shared/notifications/schemas';

/**
 * Which mailed events can reach a holder of each role (the recipients of DOMAIN.md "Notifications and
 * audit"): a switch for an event that never reaches someone would only confuse them.
 */
const EVENTS_OF_ROLE: Record<string, readonly MailEvent[]> = {
  super_admin: MAIL_EVENTS,
  admin: MAIL_EVENTS,
  manager: MAIL_EVENTS.filter(
    (e) => e !== 'request.decided' && e !== 'request.deleted' && e !== 'task.assigned',
  ),
  client: ['attendance.late', 'attendance.absent', 'screenshot.failed', 'task.mentioned'],
  va: ['request.decided', 'request.deleted', 'timesheet.disputed', 'task.assigned', 'task.mentioned'],
};

/** The mailed events someone with these roles can receive, in the catalog's order. */
export function mailEventsFor(roles: readonly string[]): MailEvent[] {
  const mine = new Set(roles.flatMap((r) => EVENTS_OF_ROLE[r] ?? []));
  return MAIL_EVENTS.filter((e) => mine.has(e));
}
