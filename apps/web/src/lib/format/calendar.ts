/** Date picker defaults of the spec: 1900–2100, week from Monday, time steps 1 h / 5 min / 5 s. */
export const DATE_PICKER_DEFAULTS = {
  minDate: '1900-01-01',
  maxDate: '2100-12-31',
  firstDayOfWeek: 1,
  timeSteps: { hours: 1, minutes: 5, seconds: 5 },
} as const;

/** Every other calendar display starts the week on Sunday. */
export const CALENDAR_DEFAULTS = { firstDayOfWeek: 0 } as const;
