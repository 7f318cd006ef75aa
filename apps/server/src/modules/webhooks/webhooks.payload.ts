import type { WebhookEvent } from '@vahub/shared/webhooks/schemas';

/**
 * What each event's `data` may carry: the endpoint's owner is an admin of the organization, who may see these
 * ids, dates, statuses and titles. A field a module adds to its domain event later stays out until it is named
 * here (no password hashes, tokens or window titles can slip through).
 */
const FIELDS: Record<WebhookEvent, readonly string[]> = {
  'attendance.started': ['attendance_id', 'va_id', 'late_minutes'],
  'attendance.ended': ['attendance_id', 'va_id', 'reason'],
  'attendance.late': ['attendance_id', 'va_id', 'client_id', 'contract_id', 'scheduled_start_at'],
  'attendance.absent': ['attendance_id', 'va_id', 'client_id', 'contract_id', 'date'],
  'request.created': [
    'request_id',
    'va_id',
    'client_id',
    'contract_id',
    'type',
    'target_start_date',
    'target_end_date',
    'minutes',
    'actor_id',
  ],
  'request.decided': [
    'request_id',
    'va_id',
    'client_id',
    'type',
    'target_start_date',
    'target_end_date',
    'status',
    'reversed',
    'note',
    'actor_id',
  ],
  'screenshot.failed': ['request_id', 'va_id', 'requested_by', 'reason'],
  'task.created': ['task_id', 'project_id', 'client_id', 'column_id', 'title', 'assignee_id', 'actor_id'],
  'task.moved': [
    'task_id',
    'project_id',
    'client_id',
    'from_column_id',
    'to_column_id',
    'completed',
    'actor_id',
  ],
  'task.assigned': ['task_id', 'project_id', 'client_id', 'assignee_id', 'title', 'actor_id'],
  'timesheet.approved': ['timesheet_id', 'attendance_id', 'va_id', 'client_id', 'approved_by', 'automatic'],
  'timesheet.signed_off': ['va_id', 'client_id', 'week_start', 'comment', 'actor_id'],
  'user.created': ['user_id', 'roles', 'status', 'actor_id'],
  'user.deactivated': ['user_id'],
  'invoice.issued': ['invoice_id', 'client_id', 'number', 'total', 'due_date', 'actor_id'],
};

export function eventData(type: WebhookEvent, payload: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(FIELDS[type].filter((k) => k in payload).map((k) => [k, payload[k]]));
}

export type Envelope = {
  id: string;
  type: string;
  created_at: string;
  organization_id: number;
  data: Record<string, unknown>;
};

const num = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? `#${v}` : '');

/** The readable line of `format: slack` (`{text}`), for Slack, Mattermost or Teams incoming webhooks. */
export function slackText(appName: string, e: Envelope): string {
  const d = e.data;
  const va = `VA ${num(d.va_id)}`;
  const line = (() => {
    switch (e.type) {
      case 'attendance.started':
        return `${va} clocked in${Number(d.late_minutes) > 0 ? ` (${d.late_minutes} min late)` : ''}.`;
      case 'attendance.ended':
        return d.reason === 'forced_logout'
          ? `${va} was logged out by force.`
          : `${va} clocked out (${d.reason}).`;
      case 'attendance.late':
        return `${va} has not clocked in for the shift starting ${d.scheduled_start_at}.`;
      case 'attendance.absent':
        return `${va} was absent on ${d.date}.`;
      case 'request.created':
        return `${va} asked for ${d.type} (${d.target_start_date ?? ''}${d.target_end_date && d.target_end_date !== d.target_start_date ? ` to ${d.target_end_date}` : ''}), request ${num(d.request_id)}.`;
      case 'request.decided':
        return `Request ${num(d.request_id)} of ${va} was ${d.status}${d.reversed ? ' (reversed)' : ''}.`;
      case 'screenshot.failed':
        return `An on-demand screenshot of ${va} failed: ${d.reason}.`;
      case 'task.created':
        return `Task "${d.title}" was created in project ${num(d.project_id)}.`;
      case 'task.moved':
        return `Task ${num(d.task_id)} moved to column ${num(d.to_column_id)}${d.completed ? ' (done)' : ''}.`;
      case 'task.assigned':
        return `Task "${d.title}" was assigned to user ${num(d.assignee_id)}.`;
      case 'timesheet.approved':
        return `Timesheet ${num(d.timesheet_id)} of ${va} was approved${d.automatic ? ' automatically' : ''}.`;
      case 'timesheet.signed_off':
        return `Client ${num(d.client_id)} signed off the week of ${d.week_start} of ${va}.`;
      case 'user.created':
        return `User ${num(d.user_id)} was added (${Array.isArray(d.roles) ? d.roles.join(', ') : ''}).`;
      case 'user.deactivated':
        return `User ${num(d.user_id)} was deactivated.`;
      case 'invoice.issued':
        return `Invoice ${d.number} (${d.total}, due ${d.due_date}) was issued to client ${num(d.client_id)}.`;
      case 'ping':
        return 'Test event: this endpoint receives the webhooks.';
      default:
        return e.type;
    }
  })();
  return `[${appName}] ${line}`;
}

/** The exact body a delivery sends. */
export const deliveryBody = (format: 'standard' | 'slack', appName: string, e: Envelope) =>
  JSON.stringify(format === 'slack' ? { text: slackText(appName, e) } : e);
