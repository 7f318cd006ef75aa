import { isRole } from '@vahub/shared/auth/roles';
import type { FeedKind } from '@vahub/shared/calendar/schemas';
import ical, { ICalEventStatus } from 'ical-generator';
import type { Deps } from '../../lib/types';
import { type CalendarShift, calendarShifts } from '../attendance/public';
import { contractTitles } from '../contracts/public';
import { findAccount, peopleByIds } from '../people/public';
import { approvedLeaveBetween } from '../requests/public';
import { feedNotFound, kindsOf } from './calendar.feeds';

const DAY = 86_400_000;
/** The shift feeds: the past two weeks and the next four. */
export const SHIFTS_PAST_DAYS = 14;
export const SHIFTS_AHEAD_DAYS = 28;
/** The leave feed: the past four weeks and the next six months. */
const LEAVE_PAST_DAYS = 28;
const LEAVE_AHEAD_DAYS = 183;

const TITLES: Record<FeedKind, string> = {
  shifts: 'My shifts',
  leave: 'Approved leave',
  va_shifts: "My VAs' shifts",
};

const LEAVE_LABELS: Record<string, string> = {
  vacation_leave: 'Vacation leave',
  sick_leave: 'Sick leave',
  absent: 'Absence',
};

const leaveLabel = (type: string) =>
  LEAVE_LABELS[type] ?? `${type.charAt(0).toUpperCase()}${type.slice(1).replaceAll('_', ' ')}`;

/** "09:00" in a zone. */
const localTime = (at: Date, timezone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

const dateOnly = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (date: string, days: number) =>
  dateOnly(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY));

/**
 * The feed of one row of `calendar_feeds` as iCalendar text (RFC 5545, written by ical-generator): times in UTC,
 * the VA's zone named in X-WR-TIMEZONE (their own feed) and in each DESCRIPTION, one stable UID per shift or leave,
 * a shift the VA is on leave for as STATUS:CANCELLED. A deactivated owner, or one no longer holding a role of the
 * feed's kind, has no feed (404).
 */
export async function buildFeed(
  deps: Deps,
  feed: { userId: number; organizationId: number; kind: FeedKind },
): Promise<string> {
  const owner = await findAccount(deps.db, feed.userId);
  if (owner?.status !== 'active' || owner.organizationId !== feed.organizationId) throw feedNotFound();
  const roles = owner.roles.filter(isRole);
  if (!kindsOf(roles).includes(feed.kind)) throw feedNotFound();
  const now = deps.clock.now();
  const host = new URL(deps.config.appUrl).hostname || 'vahub';
  const cal = ical({
    name: `${deps.config.APP_NAME}: ${TITLES[feed.kind]}`,
    prodId: { company: deps.config.APP_NAME, product: 'calendar-feeds', language: 'EN' },
    ttl: 60 * 30,
    x: [['X-WR-TIMEZONE', owner.timezone]],
  });

  if (feed.kind === 'leave') {
    const area = roles.includes('admin') || roles.includes('super_admin') ? 'admin' : 'manager';
    const viewer = deps.viewers(
      {
        userId: owner.id,
        organizationId: owner.organizationId,
        roles,
        sessionId: 'calendar-feed',
        timezone: owner.timezone,
      },
      area,
    );
    const today = dateOnly(now);
    const leave = await approvedLeaveBetween(
      deps.db,
      owner.organizationId,
      (column) => viewer.scope.vas(column),
      addDays(today, -LEAVE_PAST_DAYS),
      addDays(today, LEAVE_AHEAD_DAYS),
    );
    const people = await peopleByIds(
      deps.db,
      leave.map((l) => l.vaId),
    );
    for (const l of leave) {
      const va = people.get(l.vaId);
      cal.createEvent({
        id: `leave-${l.id}@${host}`,
        stamp: now,
        allDay: true,
        start: new Date(`${l.startDate}T00:00:00Z`),
        // All-day ends are exclusive (RFC 5545): the day after the last.
        end: new Date(`${addDays(l.endDate, 1)}T00:00:00Z`),
        summary: `${va?.name ?? 'VA'}: ${leaveLabel(l.type)}`,
        description: `${leaveLabel(l.type)} of ${va?.name ?? 'a VA'}, ${l.startDate} to ${l.endDate} (approved; dates in the VA's zone ${va?.timezone ?? 'UTC'}).`,
        status: ICalEventStatus.CONFIRMED,
      });
    }
    return cal.toString();
  }

  const from = new Date(now.getTime() - SHIFTS_PAST_DAYS * DAY);
  const to = new Date(now.getTime() + SHIFTS_AHEAD_DAYS * DAY);
  const shifts = await calendarShifts(
    deps.db,
    feed.kind === 'shifts'
      ? { organizationId: owner.organizationId, vaId: owner.id }
      : { organizationId: owner.organizationId, clientId: owner.id },
    from,
    to,
  );
  const [titles, people] = await Promise.all([
    contractTitles(
      deps.db,
      shifts.map((s) => s.contractId),
    ),
    peopleByIds(
      deps.db,
      shifts.flatMap((s) => [s.vaId, s.clientId]),
    ),
  ]);
  for (const s of shifts) {
    const va = people.get(s.vaId);
    const client = people.get(s.clientId);
    const contract = titles.get(s.contractId) ?? 'Contract';
    // The VA's zone: their profile's (the shift's own, its contract's, when the profile names none).
    const zone = va?.timezone || s.timezone;
    const who = feed.kind === 'shifts' ? (client?.name ?? 'Client') : (va?.name ?? 'VA');
    cal.createEvent({
      id: `shift-${s.id}@${host}`,
      stamp: now,
      start: s.scheduledStartAt,
      end: s.scheduledEndAt,
      summary: `${who} · ${contract}`,
      description: describe(s, zone, contract, client?.name, va?.name),
      status: s.status === 'on_leave' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return cal.toString();
}

function describe(s: CalendarShift, zone: string, contract: string, client?: string, va?: string) {
  const lines = [
    `Contract: ${contract}`,
    `Client: ${client ?? '—'}`,
    `VA: ${va ?? '—'}`,
    `VA's time zone: ${zone} (${localTime(s.scheduledStartAt, zone)}–${localTime(s.scheduledEndAt, zone)}, starting ${s.date})`,
  ];
  if (s.status === 'on_leave') lines.push('Cancelled: the VA is on leave.');
  else if (s.status !== 'upcoming') lines.push(`Status: ${s.status.replaceAll('_', ' ')}`);
  return lines.join('\n');
}
