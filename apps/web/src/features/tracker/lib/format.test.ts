import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import en from '../locales/en.json';
import { formatDuration, formatElapsed, secondsSince } from './format';

describe('timer formats', () => {
  beforeAll(async () => {
    await initI18n();
    i18n.addResourceBundle('en', 'tracker', en);
  });

  it('shows a running clock', () => {
    expect(formatElapsed(0)).toBe('0:00:00');
    expect(formatElapsed(425)).toBe('0:07:05');
    expect(formatElapsed(45_000)).toBe('12:30:00');
    expect(formatElapsed(-3)).toBe('0:00:00');
  });

  it("writes durations as the spec does ('2 h 30 min')", () => {
    const t = i18n.t.bind(i18n);
    expect(formatDuration(t, 9000)).toBe('2 h 30 min');
    expect(formatDuration(t, 45 * 60 + 59)).toBe('45 min');
    expect(formatDuration(t, 3 * 3600)).toBe('3 h');
    expect(formatDuration(t, 0)).toBe('0 min');
  });

  it('counts seconds since an instant', () => {
    expect(secondsSince('2026-03-02T09:00:00.000Z', Date.parse('2026-03-02T09:01:30.500Z'))).toBe(90);
    expect(secondsSince(null, 0)).toBe(0);
  });
});
