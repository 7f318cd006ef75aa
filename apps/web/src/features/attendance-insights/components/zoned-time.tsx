import { Group, Text, Tooltip } from '@mantine/core';
import { TimezoneFlag } from '../../../components/ui/timezone-flag';
import { useTimeFormatter } from '../../../lib/format/use-time-format';

/**
 * A moment in the viewer's zone; where the shift's zone differs, its flag follows, and hovering or focusing
 * it shows the same moment in that zone (DOMAIN.md: every time in the viewer's zone, the contract's on hover).
 */
export function ZonedTime({
  at,
  viewerZone,
  shiftZone,
  withDate = false,
}: {
  at: string | Date;
  viewerZone: string;
  shiftZone?: string | null;
  withDate?: boolean;
}) {
  const clock = useTimeFormatter();
  const show = (zone: string) => (withDate ? clock.dateTime(at, zone) : clock.time(at, zone));
  const text = show(viewerZone);
  if (!shiftZone || shiftZone === viewerZone)
    return (
      <Text span size="sm">
        {text}
      </Text>
    );
  const there = `${show(shiftZone)} (${shiftZone})`;
  return (
    <Group gap={4} wrap="nowrap" component="span" display="inline-flex">
      <Text span size="sm">
        {text}
      </Text>
      <Tooltip label={there} withArrow>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the flag is focusable so the tooltip reaches keyboards */}
        <span role="img" tabIndex={0} aria-label={there} style={{ display: 'inline-flex' }}>
          <TimezoneFlag timezone={shiftZone} size={14} />
        </span>
      </Tooltip>
    </Group>
  );
}
