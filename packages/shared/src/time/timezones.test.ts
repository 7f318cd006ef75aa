import { describe, expect, it } from 'vitest';
import { isValidTimezone, listTimezones } from './timezones';

describe('time zone names', () => {
  it('knows IANA zones and UTC, and refuses empty and unknown names', () => {
    expect(isValidTimezone('Asia/Manila')).toBe(true);
    expect(isValidTimezone('UTC')).toBe(true);
    expect(isValidTimezone('')).toBe(false);
    expect(isValidTimezone('Mars/Olympus_Mons')).toBe(false);
  });

  it('lists every zone once, UTC first', () => {
    const zones = listTimezones();
    expect(zones[0]).toBe('UTC');
    expect(zones.filter((z) => z === 'UTC')).toHaveLength(1);
    expect(zones).toContain('Asia/Manila');
    expect(zones).toContain('America/New_York');
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('lists UTC first and once on a runtime whose list has UTC in it', () => {
    const original = Intl.supportedValuesOf;
    Object.defineProperty(Intl, 'supportedValuesOf', {
      value: () => ['Asia/Manila', 'UTC', 'Europe/London'],
      configurable: true,
      writable: true,
    });
    try {
      expect(listTimezones()).toEqual(['UTC', 'Asia/Manila', 'Europe/London']);
    } finally {
      Object.defineProperty(Intl, 'supportedValuesOf', {
        value: original,
        configurable: true,
        writable: true,
      });
    }
  });

  it('lists UTC alone on a runtime that cannot list zones', () => {
    const original = Intl.supportedValuesOf;
    // A runtime without Intl.supportedValuesOf.
    Object.defineProperty(Intl, 'supportedValuesOf', {
      value: undefined,
      configurable: true,
      writable: true,
    });
    try {
      expect(listTimezones()).toEqual(['UTC']);
    } finally {
      Object.defineProperty(Intl, 'supportedValuesOf', {
        value: original,
        configurable: true,
        writable: true,
      });
    }
  });
});
