import { describe, expect, it } from 'vitest';
import { dateRange, duration } from '../src/modules/notifications/notifications.format';
import { linkFor } from '../src/modules/notifications/notifications.links';
import {
  absentText,
  disputedText,
  lateText,
  requestCancelledText,
  requestCreatedText,
  requestDecidedText,
  screenshotFailedText,
} from '../src/modules/notifications/notifications.texts';

// The English words of the notifications (pure: no database).

const leave = { vaName: 'Ana Cruz', type: 'sick_leave', from: '2026-12-03', to: '2026-12-05', minutes: null };

describe('dates and lengths', () => {
  it('write a span as short as it reads clearly', () => {
    expect(dateRange('2026-12-03', '2026-12-03')).toBe('3 Dec');
    expect(dateRange('2026-12-03', '2026-12-05')).toBe('3–5 Dec');
    expect(dateRange('2026-11-30', '2026-12-02')).toBe('30 Nov – 2 Dec');
    expect(dateRange('2026-11-30', '2026-12-02', true)).toBe('30 Nov – 2 Dec 2026');
    expect(dateRange('2026-12-30', '2027-01-02')).toBe('30 Dec 2026 – 2 Jan 2027');
  });

  it('write minutes in hours and minutes', () => {
    expect([duration(45), duration(120), duration(90)]).toEqual(['45 min', '2 h', '1 h 30 min']);
  });
});

describe('request texts', () => {
  it('name the VA, what they asked for and when', () => {
    expect(requestCreatedText(leave)).toEqual({
      title: 'Ana Cruz asked for sick leave (3–5 Dec)',
      body: 'A request waits for your decision: Sick leave, 3–5 Dec 2026.',
    });
    const overtime = { ...leave, type: 'overtime', to: '2026-12-03', minutes: 90 };
    expect(requestCreatedText(overtime).title).toBe('Ana Cruz asked for 1 h 30 min of overtime (3 Dec)');
    expect(requestCreatedText({ ...leave, type: 'absent' }).title).toBe(
      'Ana Cruz asked for an absence (3–5 Dec)',
    );
    expect(requestCancelledText({ ...leave, type: 'mus', to: '2026-12-03' })).toEqual({
      title: 'Ana Cruz cancelled the request for a make-up shift (3 Dec)',
      body: 'No decision is needed any more: Make-up shift, 3 Dec 2026.',
    });
  });

  it('tell the VA the decision, a reversal, and the note', () => {
    const vacation = { ...leave, type: 'vacation_leave' };
    expect(requestDecidedText(vacation, { status: 'approved', reversed: false, note: null })).toEqual({
      title: 'Your vacation leave was approved',
      body: 'Vacation leave, 3–5 Dec 2026.',
    });
    expect(
      requestDecidedText(vacation, { status: 'rejected', reversed: true, note: 'Plans changed.' }),
    ).toEqual({
      title: 'The approval of your vacation leave was reversed',
      body: 'Vacation leave, 3–5 Dec 2026. Note: Plans changed.',
    });
    expect(requestDecidedText(vacation, { status: 'rejected', reversed: false, note: 'Busy' }).title).toBe(
      'Your vacation leave was rejected',
    );
  });
});

describe('attendance, screenshot and dispute texts', () => {
  const shift = {
    vaName: 'Ana Cruz',
    date: '2026-12-02',
    timezone: 'Asia/Manila',
    scheduledStartAt: new Date('2026-12-02T01:00:00Z'),
    scheduledEndAt: new Date('2026-12-02T09:00:00Z'),
  };

  it("say the shift's time in the reader's zone, and the shift's own when it differs", () => {
    expect(lateText(shift, { role: 'admin', timezone: 'Asia/Manila' })).toEqual({
      title: 'Ana Cruz is late for the 09:00 shift',
      body: 'The shift of Wed 2 Dec 2026 was to start at 09:00 your time, and Ana Cruz has not clocked in yet.',
    });
    expect(absentText(shift, { role: 'client', timezone: 'America/New_York' })).toEqual({
      title: 'Ana Cruz was absent on 2 Dec',
      body: 'The shift of Tue 1 Dec 2026, 20:00–04:00 your time (09:00 in Asia/Manila), ended without a clock-in.',
    });
    // A zone the runtime does not know falls back to the shift's.
    expect(lateText(shift, { role: 'admin', timezone: 'Nowhere/Else' }).title).toBe(
      'Ana Cruz is late for the 09:00 shift',
    );
  });

  it('give the reason of a failed screenshot', () => {
    expect(
      screenshotFailedText({ vaName: 'Ana Cruz', reason: 'The tracker did not answer within 30 seconds' }),
    ).toEqual({
      title: 'The screenshot of Ana Cruz failed: the tracker did not answer within 30 seconds',
      body: 'The screenshot you asked for could not be taken. The tracker did not answer within 30 seconds. You can ask again while Ana Cruz is on a shift.',
    });
  });

  it('speak to the VA of their own week, and to supervisors of the VA’s', () => {
    const facts = { vaName: 'Ana Cruz', clientName: 'Client X', weekStart: '2026-11-30', comment: null };
    expect(disputedText(facts, { role: 'manager', timezone: 'UTC' })).toEqual({
      title: "Client X disputed Ana Cruz's week of 30 Nov",
      body: 'The week of Mon 30 Nov 2026 was disputed. No comment was given.',
    });
    expect(disputedText({ ...facts, comment: 'Short' }, { role: 'va', timezone: 'UTC' })).toEqual({
      title: 'Client X disputed your week of 30 Nov',
      body: 'The week of Mon 30 Nov 2026 was disputed. Client X wrote: “Short”. You can answer the dispute on your timesheets page.',
    });
  });
});

describe('links', () => {
  it("open the recipient's dashboard page", () => {
    const request = { kind: 'request', requestId: 7 } as const;
    expect(linkFor(request, 'va')).toBe('/va-dashboard/requests/status/7');
    expect(linkFor(request, 'manager')).toBe('/manager-dashboard/requests');
    expect(linkFor({ kind: 'attendance' }, 'admin')).toBe('/admin-dashboard/virtual-assistants/attendance');
    expect(linkFor({ kind: 'attendance' }, 'client')).toBe('/client-dashboard/attendance');
    expect(linkFor({ kind: 'timesheets' }, 'manager')).toBe('/manager-dashboard/reports/timesheets');
    expect(linkFor({ kind: 'timesheets' }, 'va')).toBe('/va-dashboard/timesheets');
    expect(linkFor({ kind: 'screenshots' }, 'client')).toBe('/client-dashboard/screenshots');
  });
});
