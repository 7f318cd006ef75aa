import { Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTimeFormatter } from '../../lib/format/use-time-format';
import { TimezoneFlag } from '../ui/timezone-flag';

/** A zone's date and time, one format per zone (making an `Intl` format costs far more than using it). */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
const wallClock = (timeZone: string) => {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'short', timeStyle: 'short' });
    wallClocks.set(timeZone, format);
  }
  return format;
};

/** Whether two zones show the same wall clock at this instant (then no second zone is worth showing). */
export function sameWallClock(instant: Date, a: string, b: string): boolean {
  const f = (timeZone: string) => wallClock(timeZone).format(instant);
  try {
    return f(a) === f(b);
  } catch {
    return a === b;
  }
}

/**
 * An instant in the viewer's zone ("9:00 AM", or with the date); when the shift's zone reads another wall
 * clock, a flag follows and hovering or focusing it shows the time there (spec: the viewer's zone, the
 * contract's on hover). The flag is that of the zone the time shown is in: the viewer's (issue 23). `inline` keeps it in the line of running text (a span, not a block).
 */
export function ZonedTime({
  value,
  viewerTimezone,
  shiftTimezone,
  withDate = false,
  inline = false,
}: {
  value: string | null;
  viewerTimezone: string;
  shiftTimezone?: string | null;
  withDate?: boolean;
  inline?: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useTimeFormatter();
  if (!value)
    return (
      <Text size="sm" c="dimmed" span={inline}>
        <span aria-hidden>–</span>
        <span className="visually-hidden">{t('attendanceUi.noTime')}</span>
      </Text>
    );
  const instant = new Date(value);
  const show = (zone: string) => (withDate ? fmt.dateTime(instant, zone) : fmt.time(instant, zone));
  const local = show(viewerTimezone);
  const other =
    shiftTimezone && !sameWallClock(instant, viewerTimezone, shiftTimezone) ? shiftTimezone : null;
  const inZone = other ? t('attendanceUi.inZone', { time: show(other), zone: other }) : '';
  return (
    <Group
      gap={6}
      wrap="nowrap"
      component={inline ? 'span' : 'div'}
      display={inline ? 'inline-flex' : undefined}
    >
      <Text size="sm" component="time" dateTime={value} style={{ whiteSpace: 'nowrap' }}>
        {local}
      </Text>
      {other && (
        // A native title, not a Mantine tooltip: long tables hold hundreds of these, and each tooltip mounts
        // its own positioning hooks. The button is focusable and names the other zone's time for screen readers.
        <UnstyledButton aria-label={inZone} title={inZone} style={{ display: 'inline-flex', cursor: 'help' }}>
          <TimezoneFlag timezone={viewerTimezone} size={16} />
        </UnstyledButton>
      )}
    </Group>
  );
}
