import '@mantine/dates/styles.css';
import { Badge, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import type { Contract } from '@vahub/shared/contracts/schemas';
import { addDays, isoWeekday } from '@vahub/shared/time/dates';
import { occurrencesBetween } from '@vahub/shared/time/schedule-blocks';
import { WEEKDAYS } from '@vahub/shared/time/weekdays';
import { instantToZoned, localDate } from '@vahub/shared/time/zoned';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_PICKER_DEFAULTS } from '../../../lib/format/calendar';
import { clientName } from '../../../lib/format/client-name';
import { formatDuration } from '../../../lib/format/time';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { mondayOf } from './week-grid/geometry';
import { type GridItem, WeekGrid } from './week-grid/week-grid';

export interface Shift {
  key: string;
  contract: Contract;
  start: Date;
  end: Date;
  /** The VA's local date and minutes of the start and end. */
  localStart: { date: string; minute: number };
  localEnd: { date: string; minute: number };
}

/**
 * The shifts of a VA's active contracts that start in [from, to] of the VA's own calendar: each contract's
 * blocks are laid out in its zone, then read on the VA's clock.
 */
export function shiftsBetween(contracts: Contract[], vaTimezone: string, from: string, to: string): Shift[] {
  const out: Shift[] = [];
  for (const c of contracts) {
    if (c.status !== 'active') continue;
    const occs = occurrencesBetween(c.schedules ?? [], c.timezone, addDays(from, -1), addDays(to, 1));
    for (const o of occs) {
      if (o.date < c.start_date || (c.end_date && o.date > c.end_date)) continue;
      const localStart = instantToZoned(o.start, vaTimezone);
      if (localStart.date < from || localStart.date > to) continue;
      out.push({
        key: `${c.id}-${o.block.id}-${o.date}`,
        contract: c,
        start: o.start,
        end: o.end,
        localStart,
        localEnd: instantToZoned(o.end, vaTimezone),
      });
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}

interface Props {
  contracts: Contract[];
  vaTimezone: string;
}

/** A VA's calendar: pick a day, see that day's shifts and its week, all on the VA's own clock. */
export function VaCalendar({ contracts, vaTimezone }: Props) {
  const { t, i18n } = useTranslation('contracts');
  const clock = useTimeFormatter();
  const [date, setDate] = useState(() => localDate(new Date(), vaTimezone));
  const monday = mondayOf(date);
  const sunday = addDays(monday, 6);
  const week = useMemo(
    () => shiftsBetween(contracts, vaTimezone, monday, sunday),
    [contracts, vaTimezone, monday, sunday],
  );
  const day = week.filter((s) => s.localStart.date === date);
  const daysWithShifts = useMemo(() => new Set(week.map((s) => s.localStart.date)), [week]);
  const dayLabel = (d: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date(`${d}T00:00:00Z`));

  const items: GridItem[] = week.map((s) => ({
    key: s.key,
    weekday: isoWeekday(s.localStart.date),
    start_minute: s.localStart.minute,
    end_minute: s.localEnd.minute,
    title: clientName(s.contract.client),
  }));

  return (
    <Stack gap="lg">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Paper withBorder p="sm">
          <DatePicker
            value={date}
            onChange={(v) => v && setDate(v)}
            firstDayOfWeek={DATE_PICKER_DEFAULTS.firstDayOfWeek}
            // Mantine's dimmed outside days and red weekends fall short of AA contrast.
            hideOutsideDates
            weekendDays={[]}
            minDate={DATE_PICKER_DEFAULTS.minDate}
            maxDate={DATE_PICKER_DEFAULTS.maxDate}
            getDayProps={(d) => (daysWithShifts.has(d) ? { style: { fontWeight: 700 } } : {})}
            ariaLabels={{ previousMonth: t('va.previousMonth'), nextMonth: t('va.nextMonth') }}
          />
        </Paper>
        <Stack gap="xs" style={{ flex: '1 1 280px' }}>
          <Title order={2} size="h4">
            {t('va.shiftsOn', { date: dayLabel(date) })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('va.inYourZone', { zone: vaTimezone })}
          </Text>
          {day.length === 0 && <Text c="dimmed">{t('va.noShifts')}</Text>}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {day.map((s) => (
              <Card key={s.key} withBorder padding="sm" data-testid="va-shift">
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text fw={600}>{clientName(s.contract.client)}</Text>
                  <Badge variant="light">
                    {formatDuration((s.end.getTime() - s.start.getTime()) / 60_000)}
                  </Badge>
                </Group>
                <Text size="sm">{s.contract.title}</Text>
                <Text size="lg" fw={600} mt={4}>
                  {clock.time(s.start, vaTimezone)} – {clock.time(s.end, vaTimezone)}
                  {s.localEnd.date !== s.localStart.date && ` ${t('schedules.nextDay')}`}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('va.clientTime', {
                    times: `${clock.time(s.start, s.contract.timezone)} – ${clock.time(s.end, s.contract.timezone)}`,
                    zone: s.contract.timezone,
                  })}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      </Group>
      <WeekGrid
        label={t('va.weekLabel', { from: dayLabel(monday), to: dayLabel(sunday) })}
        items={items}
        readOnly
        dayLabels={WEEKDAYS.map((d) => dayLabel(addDays(monday, d - 1)))}
        gutterHead={vaTimezone.split('/').pop()?.replaceAll('_', ' ')}
      />
    </Stack>
  );
}
