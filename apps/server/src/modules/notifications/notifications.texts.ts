import {
  afterColon,
  dateRange,
  day,
  duration,
  longDay,
  possessive,
  sentence,
  zonedClock,
  zoneFor,
} from './notifications.format';
import type { RecipientRole } from './notifications.links';

/**
 * The English words of each notification (its title and body; the mail says the same). Pure: the consumer
 * hands in names and dates it has read, and the recipient, whose role and time zone shape the words.
 */

export type Text = { title: string; body: string };
export type Reader = { role: RecipientRole; timezone: string | null };

/** How a request type reads: alone ("Your sick leave"), and asked for ("asked for an absence"). */
const REQUEST_WORDS: Record<string, { noun: string; asked: string }> = {
  vacation_leave: { noun: 'vacation leave', asked: 'vacation leave' },
  emergency_leave: { noun: 'emergency leave', asked: 'emergency leave' },
  unpaid_leave: { noun: 'unpaid leave', asked: 'unpaid leave' },
  absent: { noun: 'absence', asked: 'an absence' },
  sick_leave: { noun: 'sick leave', asked: 'sick leave' },
  overtime: { noun: 'overtime', asked: 'overtime' },
  mus: { noun: 'make-up shift', asked: 'a make-up shift' },
};

const wordsOf = (type: string) => {
  const known = REQUEST_WORDS[type];
  if (known) return known;
  const noun = type.replaceAll('_', ' ');
  return { noun, asked: noun };
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What the request notifications say of a request. */
export type RequestFacts = {
  vaName: string;
  type: string;
  from: string | null;
  to: string | null;
  minutes: number | null;
};

/** "(3–5 Dec)" for a title; empty without dates. */
const titleDates = (r: RequestFacts) => (r.from ? ` (${dateRange(r.from, r.to ?? r.from)})` : '');

/** "Sick leave, 3–5 Dec 2026" or "Overtime, 1 h 30 min, 3 Dec 2026". */
function requestLine(r: RequestFacts): string {
  const parts = [capital(wordsOf(r.type).noun)];
  if (r.type === 'overtime' && r.minutes) parts.push(duration(r.minutes));
  if (r.from) parts.push(dateRange(r.from, r.to ?? r.from, true));
  return parts.join(', ');
}

export function requestCreatedText(r: RequestFacts): Text {
  const asked =
    r.type === 'overtime' && r.minutes ? `${duration(r.minutes)} of overtime` : wordsOf(r.type).asked;
  return {
    title: `${r.vaName} asked for ${asked}${titleDates(r)}`,
    body: `A request waits for your decision: ${requestLine(r)}.`,
  };
}

export function requestCancelledText(r: RequestFacts): Text {
  return {
    title: `${r.vaName} cancelled the request for ${wordsOf(r.type).asked}${titleDates(r)}`,
    body: `No decision is needed any more: ${requestLine(r)}.`,
  };
}

/** To the VA: an admin deleted their request; an approved one's effects were undone with it. */
export function requestDeletedText(r: RequestFacts, status: string): Text {
  const noun = wordsOf(r.type).noun;
  const undone =
    status === 'approved'
      ? ' It had been approved: what it changed is undone (shifts back on your schedule, overtime off your timesheet, a make-up shift removed).'
      : status === 'pending'
        ? ' It will not be decided.'
        : '';
  return {
    title: `Your ${noun} request${titleDates(r)} was deleted by an admin`,
    body: `${requestLine(r)}.${undone}`,
  };
}

export function requestDecidedText(
  r: RequestFacts,
  decision: { status: string; reversed: boolean; note: string | null },
): Text {
  const noun = wordsOf(r.type).noun;
  const title =
    decision.status === 'approved'
      ? `Your ${noun} was approved`
      : decision.reversed
        ? `The approval of your ${noun} was reversed`
        : `Your ${noun} was rejected`;
  const note = decision.note?.trim() ? ` Note: ${sentence(decision.note)}` : '';
  return { title, body: `${requestLine(r)}.${note}` };
}

/** A shift, as the attendance notifications tell it. */
export type ShiftFacts = {
  vaName: string;
  /** The local date of the shift in its own zone. */
  date: string;
  timezone: string;
  scheduledStartAt: Date;
  scheduledEndAt: Date;
};

/** "09:00" in the reader's zone, and " (20:00 in Asia/Manila)" when the shift's own clock says otherwise. */
function startIn(shift: ShiftFacts, reader: Reader) {
  const zone = zoneFor(reader.timezone, shift.timezone);
  const mine = zonedClock(shift.scheduledStartAt, zone);
  const theirs = zonedClock(shift.scheduledStartAt, shift.timezone);
  const other = theirs.time !== mine.time ? ` (${theirs.time} in ${shift.timezone})` : '';
  return { ...mine, zone, other };
}

export function lateText(shift: ShiftFacts, reader: Reader): Text {
  const start = startIn(shift, reader);
  return {
    title: `${shift.vaName} is late for the ${start.time} shift`,
    body: `The shift of ${longDay(start.date)} was to start at ${start.time} your time${start.other}, and ${shift.vaName} has not clocked in yet.`,
  };
}

export function absentText(shift: ShiftFacts, reader: Reader): Text {
  const start = startIn(shift, reader);
  const end = zonedClock(shift.scheduledEndAt, start.zone);
  return {
    title: `${shift.vaName} was absent on ${day(shift.date)}`,
    body: `The shift of ${longDay(start.date)}, ${start.time}–${end.time} your time${start.other}, ended without a clock-in.`,
  };
}

export function screenshotFailedText(f: { vaName: string; reason: string }): Text {
  return {
    title: `The screenshot of ${f.vaName} failed: ${afterColon(f.reason)}`,
    body: `The screenshot you asked for could not be taken. ${sentence(f.reason)} You can ask again while ${f.vaName} is on a shift.`,
  };
}

export function disputedText(
  f: { vaName: string; clientName: string; weekStart: string; comment: string | null },
  reader: Reader,
): Text {
  const whose = reader.role === 'va' ? 'your' : possessive(f.vaName);
  const said = f.comment?.trim() ? `${f.clientName} wrote: “${f.comment.trim()}”.` : 'No comment was given.';
  const next = reader.role === 'va' ? ' You can answer the dispute on your timesheets page.' : '';
  return {
    title: `${f.clientName} disputed ${whose} week of ${day(f.weekStart)}`,
    body: `The week of ${longDay(f.weekStart)} was disputed. ${said}${next}`,
  };
}

/** A task assigned to the reader (a VA). */
export function taskAssignedText(f: { actorName: string; title: string }): Text {
  return {
    title: `${f.actorName} assigned you “${f.title}”`,
    body: `${f.actorName} assigned you the task “${f.title}”. You can pick it in your timer to track time on it.`,
  };
}

/** A comment that names the reader. */
export function taskMentionedText(f: { actorName: string; title: string }): Text {
  return {
    title: `${f.actorName} mentioned you on “${f.title}”`,
    body: `${f.actorName} mentioned you in a comment on the task “${f.title}”.`,
  };
}

/** An invoice issued to the reader (a client). */
export function invoiceIssuedText(f: { number: string; total: string; dueDate: string }): Text {
  return {
    title: `Invoice ${f.number} (${f.total})`,
    body: `Invoice ${f.number} for ${f.total} was issued to you, due on ${f.dueDate}. The PDF is on your Invoices page and in your mail.`,
  };
}
