/** True when `tz` is an IANA time zone this runtime knows (UTC included). */
export function isValidTimezone(tz: string): boolean {
  // An empty name throws too (ECMA-402: not a valid time zone name).
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Every IANA zone the runtime lists, UTC first. */
export function listTimezones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}
