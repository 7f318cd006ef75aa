import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { shortDate } from './format';
import classes from './screenshots.module.css';

/**
 * Captures per day, one button per day: pressing a day shows it alone. The days of the chosen period are
 * highlighted; the total under them counts that period.
 */
export function DayStrip({
  days,
  from,
  to,
  today,
  pending,
  onDay,
}: {
  days: Array<{ date: string; count: number }>;
  from: string;
  to: string;
  /** Days after it have nothing to show yet. */
  today: string;
  pending?: boolean;
  onDay: (date: string) => void;
}) {
  const { t, i18n } = useTranslation('screenshots');
  if (pending) return <Skeleton height={52} radius="sm" />;
  const total = days.filter((d) => d.date >= from && d.date <= to).reduce((n, d) => n + d.count, 0);
  return (
    <Stack gap={4}>
      <fieldset className={classes.strip} data-testid="day-strip">
        <legend className="visually-hidden">{t('strip.label')}</legend>
        {days.map((day) => {
          const inPeriod = day.date >= from && day.date <= to;
          const label = shortDate(day.date, i18n.language);
          return (
            <Button
              key={day.date}
              size="compact-sm"
              variant={inPeriod ? 'filled' : 'default'}
              aria-pressed={inPeriod}
              disabled={day.date > today}
              aria-label={t('strip.day', { date: label, count: day.count })}
              onClick={() => onDay(day.date)}
              styles={{ root: { flexShrink: 0, height: 'auto', paddingBlock: 4 } }}
              data-date={day.date}
              data-count={day.count}
            >
              <Stack gap={0} align="center">
                <span>{label}</span>
                <Text span size="xs" fw={700} inherit>
                  {day.count}
                </Text>
              </Stack>
            </Button>
          );
        })}
      </fieldset>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="period-total">
        {t('strip.total', { count: total })}
      </Text>
    </Stack>
  );
}
