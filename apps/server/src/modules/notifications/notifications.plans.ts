import type { NotificationType } from '@vahub/shared/notifications/schemas';
import { z } from 'zod';
import type { DomainEvent } from '../../platform/events/types';
import type { Tx } from '../../platform/transaction';
import { attendanceOf } from '../attendance/public';
import { peopleByIds } from '../people/public';
import { dateOf } from './notifications.format';
import type { Topic } from './notifications.links';
import type { Audience } from './notifications.recipients';
import {
  absentText,
  disputedText,
  invoiceIssuedText,
  lateText,
  type Reader,
  type RequestFacts,
  requestCancelledText,
  requestCreatedText,
  requestDecidedText,
  requestDeletedText,
  screenshotFailedText,
  type Text,
  taskAssignedText,
  taskMentionedText,
} from './notifications.texts';

/** What one event becomes: who hears of it, about which VA, what it says to each, and where it links. */
export type Plan = {
  type: NotificationType;
  /** The VA it is about (null: a mention, about a task). */
  vaId: number | null;
  /** Who did it: never told of their own act. */
  actorId: number | null;
  audience: Audience;
  topic: Topic;
  /** The ids a screen links to (the web says the notification in its language from these). */
  data: Record<string, string | number | boolean | null>;
  text(reader: Reader): Text;
};

// Payloads as the raising modules write them; anything else is ignored (and logged by the consumer).
const id = z.coerce.number().int().positive();
const optionalId = id.nullish().catch(null);
const attendancePayload = z.object({ attendance_id: id, va_id: id });
const requestPayload = z.object({
  request_id: id,
  va_id: id,
  type: z.string(),
  target_start_date: z.string().nullish(),
  target_end_date: z.string().nullish(),
  minutes: z.number().int().nullish(),
  actor_id: optionalId,
});
const decisionPayload = z.object({
  status: z.string(),
  reversed: z.boolean().nullish(),
  note: z.string().nullish(),
});
const screenshotPayload = z.object({
  request_id: z.string(),
  va_id: id,
  requested_by: optionalId,
  reason: z.string(),
});
const disputedPayload = z.object({
  va_id: id,
  client_id: id,
  week_start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  comment: z.string().nullish(),
  actor_id: optionalId,
});

/** The names of these people (one query); null when the VA is gone, since nobody can hear of them then. */
async function namesOf(tx: Tx, vaId: number, others: number[] = []) {
  const people = await peopleByIds(tx, [vaId, ...others]);
  const va = people.get(vaId);
  return va ? { va: va.name, of: (uid: number) => people.get(uid)?.name ?? `#${uid}` } : null;
}

async function attendancePlan(tx: Tx, event: DomainEvent, type: 'attendance.late' | 'attendance.absent') {
  const p = attendancePayload.parse(event.payload);
  const shift = await attendanceOf(tx, event.organizationId, p.attendance_id);
  // A shift deleted since (a contract removed): nothing left to tell.
  if (!shift) return null;
  const names = await namesOf(tx, shift.vaId);
  if (!names) return null;
  const facts = {
    vaName: names.va,
    date: shift.date,
    timezone: shift.timezone,
    scheduledStartAt: shift.scheduledStartAt,
    scheduledEndAt: shift.scheduledEndAt,
  };
  return {
    type,
    vaId: shift.vaId,
    actorId: null,
    audience: { admins: true, managers: true, client: shift.clientId },
    topic: { kind: 'attendance' },
    data: {
      attendance_id: shift.id,
      va_id: shift.vaId,
      va_name: names.va,
      client_id: shift.clientId,
      date: shift.date,
    },
    text: (reader) => (type === 'attendance.late' ? lateText(facts, reader) : absentText(facts, reader)),
  } satisfies Plan;
}

async function requestPlan(
  tx: Tx,
  event: DomainEvent,
  type: 'request.created' | 'request.decided' | 'request.cancelled' | 'request.deleted',
) {
  const p = requestPayload.parse(event.payload);
  const names = await namesOf(tx, p.va_id);
  if (!names) return null;
  const from = dateOf(p.target_start_date);
  const facts: RequestFacts = {
    vaName: names.va,
    type: p.type,
    from,
    to: dateOf(p.target_end_date) ?? from,
    minutes: p.minutes ?? null,
  };
  const base = {
    type,
    vaId: p.va_id,
    actorId: p.actor_id ?? null,
    topic: { kind: 'request', requestId: p.request_id },
    data: {
      request_id: p.request_id,
      va_id: p.va_id,
      va_name: names.va,
      request_type: p.type,
      start_date: facts.from,
      end_date: facts.to,
    },
  } satisfies Omit<Plan, 'audience' | 'text'>;
  if (type === 'request.deleted') {
    const { status } = decisionPayload.parse(event.payload);
    return {
      ...base,
      topic: { kind: 'requests' },
      data: { ...base.data, status },
      audience: { va: true },
      text: () => requestDeletedText(facts, status),
    } satisfies Plan;
  }
  if (type === 'request.decided') {
    const d = decisionPayload.parse(event.payload);
    const decision = { status: d.status, reversed: Boolean(d.reversed), note: d.note ?? null };
    return {
      ...base,
      data: { ...base.data, status: d.status, reversed: decision.reversed },
      audience: { va: true },
      text: () => requestDecidedText(facts, decision),
    } satisfies Plan;
  }
  return {
    ...base,
    audience: { admins: true, managers: true },
    text: () => (type === 'request.created' ? requestCreatedText(facts) : requestCancelledText(facts)),
  } satisfies Plan;
}

async function screenshotPlan(tx: Tx, event: DomainEvent) {
  const p = screenshotPayload.parse(event.payload);
  if (!p.requested_by) return null;
  const names = await namesOf(tx, p.va_id);
  if (!names) return null;
  return {
    type: 'screenshot.failed',
    vaId: p.va_id,
    actorId: null,
    audience: { user: p.requested_by },
    topic: { kind: 'screenshots' },
    data: { screenshot_request_id: p.request_id, va_id: p.va_id, va_name: names.va, reason: p.reason },
    text: () => screenshotFailedText({ vaName: names.va, reason: p.reason }),
  } satisfies Plan;
}

async function disputedPlan(tx: Tx, event: DomainEvent) {
  const p = disputedPayload.parse(event.payload);
  const names = await namesOf(tx, p.va_id, [p.client_id]);
  if (!names) return null;
  const facts = {
    vaName: names.va,
    clientName: names.of(p.client_id),
    weekStart: p.week_start,
    comment: p.comment ?? null,
  };
  return {
    type: 'timesheet.disputed',
    vaId: p.va_id,
    actorId: p.actor_id ?? null,
    audience: { admins: true, managers: true, va: true },
    topic: { kind: 'timesheets' },
    data: {
      va_id: p.va_id,
      va_name: names.va,
      client_id: p.client_id,
      client_name: facts.clientName,
      week_start: p.week_start,
    },
    text: (reader) => disputedText(facts, reader),
  } satisfies Plan;
}

const taskPayload = z.object({
  task_id: id,
  project_id: id,
  assignee_id: optionalId,
  user_ids: z.array(id).optional(),
  title: z.string(),
  actor_id: optionalId,
});

/** A task assigned to a VA, or a comment mentioning people who may see the task (issue 15). */
async function taskPlan(tx: Tx, event: DomainEvent, type: 'task.assigned' | 'task.mentioned') {
  const p = taskPayload.parse(event.payload);
  const actorId = p.actor_id ?? null;
  const actorName = actorId
    ? ((await peopleByIds(tx, [actorId])).get(actorId)?.name ?? 'Someone')
    : 'Someone';
  const facts = { actorName, title: p.title };
  const base = {
    actorId,
    topic: { kind: 'task', projectId: p.project_id, taskId: p.task_id },
    data: { task_id: p.task_id, project_id: p.project_id, task_title: p.title, actor_name: actorName },
  } satisfies Partial<Plan>;
  if (type === 'task.assigned') {
    if (!p.assignee_id) return null;
    return {
      ...base,
      type,
      vaId: p.assignee_id,
      audience: { va: true },
      data: { ...base.data, va_id: p.assignee_id },
      text: () => taskAssignedText(facts),
    } satisfies Plan;
  }
  if (!p.user_ids?.length) return null;
  return {
    ...base,
    type,
    vaId: null,
    audience: { users: p.user_ids },
    text: () => taskMentionedText(facts),
  } satisfies Plan;
}

const invoicePayload = z.object({
  invoice_id: id,
  client_id: id,
  number: z.string(),
  total: z.string(),
  due_date: z.string(),
  actor_id: optionalId,
});

/** An invoice issued to a client (issue 30): the client hears of it. */
function invoicePlan(event: DomainEvent): Plan {
  const p = invoicePayload.parse(event.payload);
  return {
    type: 'invoice.issued',
    vaId: null,
    actorId: p.actor_id ?? null,
    audience: { user: p.client_id },
    topic: { kind: 'invoice', invoiceId: p.invoice_id },
    data: { invoice_id: p.invoice_id, number: p.number, total: p.total, due_date: p.due_date },
    text: () => invoiceIssuedText({ number: p.number, total: p.total, dueDate: p.due_date }),
  };
}

/** The plan of an event this module notifies about, or null when nobody is to hear of it. */
export async function planFor(tx: Tx, event: DomainEvent): Promise<Plan | null> {
  switch (event.type) {
    case 'attendance.late':
    case 'attendance.absent':
      return attendancePlan(tx, event, event.type);
    case 'request.created':
    case 'request.decided':
    case 'request.cancelled':
    case 'request.deleted':
      return requestPlan(tx, event, event.type);
    case 'screenshot.failed':
      return screenshotPlan(tx, event);
    case 'timesheet.disputed':
      return disputedPlan(tx, event);
    case 'task.assigned':
    case 'task.mentioned':
      return taskPlan(tx, event, event.type);
    case 'invoice.issued':
      return invoicePlan(event);
    default:
      return null;
  }
}
