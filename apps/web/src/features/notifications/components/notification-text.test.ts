import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import de from '../locales/de.json';
import { mailEventsFor } from './mail-events';
import { notificationText, typeLabel } from './notification-text';
import { loadTexts, note } from './test-utils';
import { timeAgo } from './time-ago';

beforeAll(async () => {
  await loadTexts();
  i18n.addResourceBundle('de', 'notifications', de);
});

const en = () => i18n.getFixedT('en', 'notifications');
const say = (n: Parameters<typeof notificationText>[1], opts: { selfId?: number; vaName?: string } = {}) =>
  notificationText(en(), n, { language: 'en', ...opts });

describe('what a notification says', () => {
  it('says a decision to the VA it is about, in their words', () => {
    const decided = note(1, { data: { request_type: 'vacation_leave', status: 'approved' } });
    expect(say(decided, { selfId: 1 })).toBe('Your vacation leave request was approved');
    expect(say({ ...decided, data: { ...decided.data, status: 'rejected' } }, { selfId: 1 })).toBe(
      'Your vacation leave request was rejected',
    );
    expect(say({ ...decided, data: { ...decided.data, reversed: true } }, { selfId: 1 })).toBe(
      'The decision on your vacation leave request was reversed',
    );
    // Read by someone else (the admin's log), it names the VA.
    expect(say(decided, { vaName: 'Ana Cruz' })).toBe("Ana Cruz's vacation leave request was approved");
  });

  it('names the VA and the request for those who decide', () => {
    const data = { va_name: 'Ana Cruz', request_type: 'mus' };
    expect(say(note(1, { type: 'request.created', data, va_id: 7 }))).toBe(
      'New make-up shift request from Ana Cruz',
    );
    expect(say(note(1, { type: 'request.cancelled', data, va_id: 7 }))).toBe(
      'Ana Cruz cancelled a make-up shift request',
    );
    // An admin's deletion: to the VA in her words, in the admin's log with her name.
    const deleted = note(1, { type: 'request.deleted', data, va_id: 7 });
    expect(say(deleted, { selfId: 7 })).toBe('Your make-up shift request was deleted by an admin');
    expect(say(deleted)).toBe("Ana Cruz's make-up shift request was deleted");
    expect(typeLabel(en(), 'request.deleted')).toBe('Request deleted');
  });

  it('says who assigned or mentioned, and the task, in the language', () => {
    const data = { actor_name: 'Mina Cruz', task_title: 'Write the FAQ' };
    expect(say(note(1, { type: 'task.assigned', data }))).toBe('Mina Cruz assigned you "Write the FAQ"');
    expect(say(note(1, { type: 'task.mentioned', data }))).toBe('Mina Cruz mentioned you on "Write the FAQ"');
    const inGerman = i18n.getFixedT('de', 'notifications');
    expect(notificationText(inGerman, note(1, { type: 'task.mentioned', data }), { language: 'de' })).toBe(
      'Mina Cruz hat dich bei „Write the FAQ“ erwähnt',
    );
  });

  it('dates an absence and a disputed week in the language', () => {
    const absent = note(1, {
      type: 'attendance.absent',
      va_id: 7,
      data: { va_name: 'Ana Cruz', date: '2026-12-02' },
    });
    expect(say(absent)).toBe('Ana Cruz was absent on Dec 2, 2026');
    expect(notificationText(i18n.getFixedT('de', 'notifications'), absent, { language: 'de' })).toBe(
      'Ana Cruz war am 02.12.2026 abwesend',
    );
    const disputed = note(2, {
      type: 'timesheet.disputed',
      data: { week_start: '2026-11-30', client_name: 'Acme Dental' },
    });
    expect(say(disputed, { selfId: 1 })).toBe('Acme Dental disputed your week of Nov 30, 2026');
    expect(say({ ...disputed, data: { week_start: '2026-11-30' } }, { vaName: 'Vince Cruz' })).toBe(
      "A client disputed Vince Cruz's week of Nov 30, 2026",
    );
  });

  it("falls back to the server's title when the data lacks what the sentence needs", () => {
    expect(say(note(1, { type: 'attendance.late', title: 'Ana Cruz is late for the 09:00 shift' }))).toBe(
      'Ana Cruz is late for the 09:00 shift',
    );
    expect(
      say(note(2, { data: { request_type: 'time_travel', status: 'approved' }, title: 'Approved' }), {
        selfId: 1,
      }),
    ).toBe('Approved');
    expect(
      say(note(3, { data: { request_type: 'sick_leave', status: 'pending' }, title: 'Odd' }), { selfId: 1 }),
    ).toBe('Odd');
  });

  it('has a short name for each type', () => {
    expect(typeLabel(en(), 'attendance.late')).toBe('Late');
    expect(typeLabel(en(), 'screenshot.failed')).toBe('Screenshot failed');
  });
});

describe('how long ago', () => {
  const now = Date.parse('2026-11-20T12:00:00Z');
  it('says the largest whole unit in the language', () => {
    expect(timeAgo('2026-11-20T11:59:40Z', now, 'en')).toBe('now');
    expect(timeAgo('2026-11-20T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(timeAgo('2026-11-20T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(timeAgo('2026-11-19T09:00:00Z', now, 'en')).toBe('yesterday');
    expect(timeAgo('2026-11-01T09:00:00Z', now, 'en')).toBe('2 weeks ago');
    expect(timeAgo('2026-11-20T11:55:00Z', now, 'de')).toBe('vor 5 Minuten');
    // A clock a little ahead of the server's never says "in 2 minutes".
    expect(timeAgo('2026-11-20T12:02:00Z', now, 'en')).toBe('now');
  });
});

describe('the mail switches a person sees', () => {
  it('are the events that can reach their roles', () => {
    expect(mailEventsFor(['va'])).toEqual([
      'request.decided',
      'request.deleted',
      'timesheet.disputed',
      'task.assigned',
      'task.mentioned',
    ]);
    expect(mailEventsFor(['client'])).toEqual([
      'attendance.late',
      'attendance.absent',
      'screenshot.failed',
      'task.mentioned',
    ]);
    expect(mailEventsFor(['manager'])).not.toContain('request.decided');
    expect(mailEventsFor(['manager'])).not.toContain('request.deleted');
    expect(mailEventsFor(['manager', 'va'])).toHaveLength(9);
  });
});
