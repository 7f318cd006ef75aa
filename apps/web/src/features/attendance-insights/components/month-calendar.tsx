import { Anchor, Box, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatSeconds } from '../../../components/attendance/duration';
import type { CalendarDay } from '../api/insights';
import { dayCounts, monthWeeks } from './insights-math';

/** The statuses a day cell counts, in this order, with their colours (shared with the legend). */
export const COUNT_KINDS = [
  ['onTime', 'teal'],
  ['late', 'orange'],
  ['absent', 'red'],
  ['onLeave', 'grape'],
  ['upcoming', 'blue'],
] as const;
type CountKind = (typeof COUNT_KINDS)[number][0];

function Count({ kind, color, n }: { kind: CountKind; color: string; n: number }) {
  const { t } = useTranslation('attendance-insights');
  return (
    <Group gap={4} wrap="nowrap" data-count={kind}>
      <Box w={8} h={8} bg={`${color}.6`} style={{ borderRadius: 2, flexShrink: 0 }} aria-hidden />
      <Text span size="xs" lh={1.2}>
        {n}
        <span className="visually-hidden"> {t(`calendar.kinds.${kind}`)}</span>
      </Text>
    </Group>
  );
}

/** The colours of the counts, named. */
export function CalendarLegend() {
  const { t } = useTranslation('attendance-insights');
  return (
    <Group gap="md" wrap="wrap" role="list" aria-label={t('calendar.legend')}>
      {COUNT_KINDS.map(([kind, color]) => (
        <Group key={kind} gap={6} wrap="nowrap" role="listitem">
          <Box w={10} h={10} bg={`${color}.6`} style={{ borderRadius: 2 }} aria-hidden />
          <Text size="xs">{t(`calendar.kinds.${kind}`)}</Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * A month, Sunday first (the spec's calendars): per day the shifts worked on time, late, absent, on leave and
 * still to come, and worked against scheduled time. Each date opens that day's timeblocks.
 */
export function MonthCalendar({
  month,
  days,
  today,
  dayHref,
}: {
  month: string;
  days: CalendarDay[];
  today: string;
  dayHref: (date: string) => string;
}) {
  const { t, i18n } = useTranslation('attendance-insights');
  const byDate = new Map(days.map((d) => [d.date, d]));
  const weeks = monthWeeks(month);
  const weekday = new Intl.DateTimeFormat(i18n.language || 'en', { weekday: 'short', timeZone: 'UTC' });
  const longDate = new Intl.DateTimeFormat(i18n.language || 'en', { dateStyle: 'full', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday: the header's first column.
  const headers = Array.from({ length: 7 }, (_, i) => weekday.format(new Date(Date.UTC(2023, 0, 1 + i))));
  return (
    <Table.ScrollContainer minWidth={350}>
      <Table withTableBorder withColumnBorders layout="fixed" data-testid="month-calendar">
        <caption className="visually-hidden">{t('calendar.caption', { month })}</caption>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h) => (
              <Table.Th key={h} ta="center">
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {weeks.map((week) => (
            <Table.Tr key={week.find(Boolean)}>
              {week.map((date, i) => {
                // biome-ignore lint/suspicious/noArrayIndexKey: blank days before the 1st or after the last are fixed
                if (!date) return <Table.Td key={i} bg="var(--mantine-color-default-hover)" />;
                const day = byDate.get(date);
                const counts = day ? dayCounts(day) : null;
                const isToday = date === today;
                return (
                  <Table.Td
                    key={date}
                    valign="top"
                    h={96}
                    px={{ base: 4, sm: 'sm' }}
                    data-date={date}
                    aria-current={isToday ? 'date' : undefined}
                    // A ring, not a tint: the links keep their contrast on the plain background.
                    style={
                      isToday
                        ? { boxShadow: 'inset 0 0 0 2px var(--mantine-primary-color-filled)' }
                        : undefined
                    }
                  >
                    <Stack gap={4}>
                      <Anchor
                        component={Link}
                        to={dayHref(date)}
                        size="sm"
                        fw={isToday ? 700 : 500}
                        aria-label={t('calendar.openDay', {
                          date: longDate.format(new Date(`${date}T00:00:00Z`)),
                        })}
                      >
                        {Number(date.slice(8))}
                      </Anchor>
                      {counts &&
                        COUNT_KINDS.map(([kind, color]) =>
                          counts[kind] > 0 ? (
                            <Count key={kind} kind={kind} color={color} n={counts[kind]} />
                          ) : null,
                        )}
                      {day && day.scheduled_seconds + day.worked_seconds > 0 && (
                        <Text size="xs" c="dimmed" lh={1.2} visibleFrom="sm">
                          {t('calendar.workedOf', {
                            worked: formatSeconds(day.worked_seconds),
                            scheduled: formatSeconds(day.scheduled_seconds),
                          })}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
