import { Button, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef } from 'react';
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
  const strip = useRef<HTMLFieldSetElement>(null);
  // On a narrow screen the strip scrolls: keep the chosen period's last day in sight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the strip mounts once `pending` ends: that is a trigger too.
  useEffect(() => {
    const box = strip.current;
    const end = box?.querySelector<HTMLElement>(`[data-date="${to}"]`);
    if (!box || !end) return;
    const right = end.offsetLeft - box.offsetLeft + end.offsetWidth;
    if (right > box.scrollLeft + box.clientWidth) box.scrollLeft = right - box.clientWidth;
  }, [to, pending]);
  if (pending) return <Skeleton height={52} radius="sm" />;
  const total = days.filter((d) => d.date >= from && d.date <= to).reduce((n, d) => n + d.count, 0);
  return (
    <Stack gap={4}>
      <fieldset ref={strip} className={classes.strip} data-testid="day-strip">
        <legend className="visually-hidden">{t('strip.label')}</legend>
        {days.map((day) => {
          const inPeriod = day.date >= from && day.date <= to;
          const label = shortDate(day.date, i18n.language);
          // The name is what the button shows, worded in full ("Sat, Nov 28: 0 screenshots"): no aria-label to
          // differ from the visible text (WCAG 2.5.3), the words around the count read but not shown.
          const full = t('strip.day', { date: label, count: day.count });
          const at = full.lastIndexOf(String(day.count));
          const before = full.slice(0, at);
          const after = full.slice(at + String(day.count).length);
          return (
            <Button
              key={day.date}
              size="compact-sm"
              variant={inPeriod ? 'filled' : 'default'}
              aria-pressed={inPeriod}
              disabled={day.date > today}
              onClick={() => onDay(day.date)}
              styles={{ root: { flexShrink: 0, height: 'auto', paddingBlock: 4 } }}
              data-date={day.date}
              data-count={day.count}
            >
              <Stack gap={0} align="center">
                <span aria-hidden>{label}</span>
                <VisuallyHidden>{before.trim()}</VisuallyHidden>
                {before.endsWith(' ') ? ' ' : null}
                <Text span size="xs" fw={700} inherit>
                  {day.count}
                </Text>
                {after.startsWith(' ') ? ' ' : null}
                <VisuallyHidden>{after.trim()}</VisuallyHidden>
              </Stack>
            </Button>
          );
        })}
      </fieldset>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="period-total">
        {t('strip.total', { count: total })} · {t('strip.byShift')}
      </Text>
    </Stack>
  );
}
