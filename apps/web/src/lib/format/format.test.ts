import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n';
import { initials } from './avatar';
import { CALENDAR_DEFAULTS, DATE_PICKER_DEFAULTS } from './calendar';
import { clientName, clientOptionLabel } from './client-name';
import { flagForTimezone } from './flag';
import { MARKDOWN_OPTIONS, renderMarkdown } from './markdown';
import { dateToTime, formatDuration, minutesToTime, timeFormatter, usesHour12 } from './time';

describe('time helpers', () => {
  it('shows minutes since midnight as 12-hour time', () => {
    expect(minutesToTime(0)).toBe('12:00 AM');
    expect(minutesToTime(545)).toBe('9:05 AM');
    expect(minutesToTime(720)).toBe('12:00 PM');
    expect(minutesToTime(1439)).toBe('11:59 PM');
    expect(minutesToTime(1440 + 60)).toBe('1:00 AM');
  });

  it('shows a Date in a time zone as 12-hour time', () => {
    const d = new Date('2024-01-15T13:30:00Z');
    expect(dateToTime(d, 'UTC')).toBe('1:30 PM');
    expect(dateToTime(d, 'Asia/Manila')).toBe('9:30 PM');
    expect(dateToTime(new Date('2024-01-15T05:00:00Z'), 'America/New_York')).toBe('12:00 AM');
  });

  it("follows the user's clock: their setting first, else their language's habit", () => {
    expect(usesHour12('12h', 'de')).toBe(true);
    expect(usesHour12('24h', 'en')).toBe(false);
    expect(usesHour12(null, 'en')).toBe(true);
    expect(usesHour12(null, 'de')).toBe(false);
    expect(usesHour12(undefined, 'fr')).toBe(false);
  });

  it("knows the clock of each of the app's languages as Intl's locale data has it", () => {
    for (const { value } of LANGUAGES) {
      const cycle = new Intl.DateTimeFormat(value, { hour: 'numeric' }).resolvedOptions().hourCycle;
      expect(usesHour12(null, value), value).toBe(cycle === 'h12' || cycle === 'h11');
    }
    expect(usesHour12(null, 'en-GB')).toBe(false);
  });

  it('shows every kind of time on a 24-hour clock when asked', () => {
    const clock = timeFormatter(false, 'en');
    expect(clock.minutes(545)).toBe('09:05');
    expect(clock.minutes(0)).toBe('00:00');
    expect(clock.range(1320, 360)).toBe('22:00 – 06:00');
    expect(clock.hour(7)).toBe('07:00');
    expect(clock.time(new Date('2024-01-15T13:30:00Z'), 'Asia/Manila')).toBe('21:30');
    expect(clock.dateTime('2024-01-15T13:30:00Z', 'UTC')).toBe('Jan 15, 2024, 13:30');
  });

  it('shows every kind of time on a 12-hour clock when asked', () => {
    const clock = timeFormatter(true, 'de');
    expect(clock.minutes(545)).toBe('9:05 AM');
    expect(clock.range(1320, 360)).toBe('10:00 PM – 6:00 AM');
    expect(clock.hour(0)).toBe('12 AM');
    expect(clock.hour(13)).toBe('1 PM');
    expect(clock.time('2024-01-15T13:30:00Z', 'UTC')).toBe('1:30 PM');
    expect(clock.dateTime('2024-01-15T13:30:00Z', 'UTC')).toMatch(/^15\.01\.2024, 0?1:30\sPM$/);
  });

  it("shows instants in the viewer's zone unless a call names another, never the browser's", () => {
    const clock = timeFormatter(false, 'en', 'Asia/Manila');
    expect(clock.zone).toBe('Asia/Manila');
    expect(clock.dateTime('2024-01-15T20:30:00Z')).toBe('Jan 16, 2024, 04:30');
    expect(clock.time('2024-01-15T20:30:00Z')).toBe('04:30');
    expect(clock.date('2024-01-15T20:30:00Z')).toBe('Jan 16, 2024');
    expect(clock.dateTime('2024-01-15T20:30:00Z', 'UTC')).toBe('Jan 15, 2024, 20:30');
  });

  it('formats durations as hours and minutes', () => {
    expect(formatDuration(150)).toBe('2 h 30 min');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(180)).toBe('3 h');
    expect(formatDuration(0)).toBe('0 min');
  });
});

describe('flag', () => {
  it('uses the Philippines flag for Manila only', () => {
    expect(flagForTimezone('Asia/Manila').code).toBe('PH');
    expect(flagForTimezone('Asia/Manila').emoji).toBe('🇵🇭');
    expect(flagForTimezone('Europe/Paris').code).toBe('US');
    expect(flagForTimezone(null).code).toBe('US');
  });
});

describe('avatar placeholder', () => {
  it('uses initials, then the email, then a question mark', () => {
    expect(initials('Ada', 'Lovelace')).toBe('AL');
    expect(initials('', '', 'zoe@example.com')).toBe('Z');
    expect(initials(null, null, null)).toBe('?');
  });
});

describe('calendar defaults', () => {
  it('matches the spec', () => {
    expect(DATE_PICKER_DEFAULTS).toEqual({
      minDate: '1900-01-01',
      maxDate: '2100-12-31',
      firstDayOfWeek: 1,
      timeSteps: { hours: 1, minutes: 5, seconds: 5 },
    });
    expect(CALENDAR_DEFAULTS.firstDayOfWeek).toBe(0);
  });
});

describe('markdown', () => {
  it('escapes html and does not linkify', () => {
    expect(MARKDOWN_OPTIONS).toEqual({ html: false, linkify: false, maxNesting: 100 });
    expect(renderMarkdown('<b>x</b>')).not.toContain('<b>');
    expect(renderMarkdown('see https://example.com')).not.toContain('<a');
    expect(renderMarkdown('**bold**')).toContain('<strong>bold</strong>');
  });
});

describe('client names', () => {
  it('names a client by their company, falling back to their name', () => {
    expect(clientName({ name: 'Claire Whitman', company_name: 'Acme Dental' })).toBe('Acme Dental');
    expect(clientName({ name: 'Claire Whitman', company_name: '  ' })).toBe('Claire Whitman');
    expect(clientName({ name: 'Claire Whitman', company_name: null })).toBe('Claire Whitman');
    expect(clientOptionLabel({ name: 'Claire Whitman', company_name: 'Acme Dental' })).toBe(
      'Acme Dental (Claire Whitman)',
    );
    expect(clientOptionLabel({ name: 'Claire Whitman' })).toBe('Claire Whitman');
  });
});
