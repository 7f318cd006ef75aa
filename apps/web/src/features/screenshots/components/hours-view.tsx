import { Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { activityColor } from '../../../components/attendance/activity-bar';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { longDate } from './format';
import type { Block, Capture, Day, HourRow, Shot } from './grouping';
import classes from './screenshots.module.css';

/** A block's activity as a bar as wide as the block, with the figure; a dash before any ping. */
export function BlockActivity({ percent }: { percent: number | null }) {
  const { t } = useTranslation();
  if (percent === null)
    return (
      <Text size="xs" c="dimmed">
        <span aria-hidden>–</span>
        <span className="visually-hidden">{t('attendanceUi.noActivity')}</span>
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Progress
        value={percent}
        color={activityColor(percent)}
        size="sm"
        style={{ flex: 1 }}
        aria-label={t('attendanceUi.activity', { percent })}
      />
      <Text size="xs" ff="monospace" aria-hidden>
        {percent}%
      </Text>
    </Group>
  );
}

function BlockCell<T extends Shot>({
  block,
  zone,
  renderCapture,
}: {
  block: Block<T>;
  zone: string;
  renderCapture: (capture: Capture<T>) => ReactNode;
}) {
  const { t } = useTranslation('screenshots');
  const fmt = useTimeFormatter();
  const start = fmt.time(block.startAt, zone);
  const empty = block.captures.length === 0;
  return (
    <li
      className={empty ? `${classes.block} ${classes.emptyBlock}` : classes.block}
      data-testid="block"
      data-activity={block.activity ?? ''}
      data-count={block.captures.length}
    >
      <span className={classes.blockLabel}>{t('hours.blockFrom', { time: start })}</span>
      {block.captures.map((capture) => (
        <div key={capture.key}>{renderCapture(capture)}</div>
      ))}
      {empty && (
        <Text size="xs" c="dimmed">
          {t('hours.noCapture')}
        </Text>
      )}
      <div style={{ marginTop: 'auto' }}>
        <BlockActivity percent={block.activity} />
      </div>
    </li>
  );
}

function Row<T extends Shot>({
  row,
  zone,
  hourLabel,
  who,
  renderCapture,
}: {
  row: HourRow<T>;
  zone: string;
  hourLabel: string;
  who?: ReactNode;
  renderCapture: (capture: Capture<T>) => ReactNode;
}) {
  const { t } = useTranslation('screenshots');
  return (
    <Stack gap={6} data-testid="hour-row" data-va={row.vaId}>
      <Group gap="sm" justify="space-between" wrap="wrap">
        {who ?? <span />}
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t('hours.captures', { count: row.captureCount })}
          </Text>
          {row.activity !== null && (
            <Text size="xs" c="dimmed">
              · {t('hours.activity', { percent: row.activity })}
            </Text>
          )}
        </Group>
      </Group>
      <ul className={classes.blocks} aria-label={t('hours.blocksOf', { hour: hourLabel })}>
        {row.blocks.map((block) => (
          <BlockCell key={block.index} block={block} zone={zone} renderCapture={renderCapture} />
        ))}
      </ul>
    </Stack>
  );
}

/**
 * Days of hours of captures (see `groupByHour`): a heading per day and per hour, then per VA the hour's six
 * 10-minute blocks with their captures and activity. `who` names a row's VA (supervisors' galleries).
 */
export function HoursView<T extends Shot>({
  days,
  zone,
  who,
  renderCapture,
}: {
  days: Day<T>[];
  zone: string;
  who?: (vaId: number) => ReactNode;
  renderCapture: (capture: Capture<T>) => ReactNode;
}) {
  const { t, i18n } = useTranslation('screenshots');
  const fmt = useTimeFormatter();
  return (
    <Stack gap="xl">
      {days.map((day) => (
        <Stack key={day.date} gap="md" component="section" aria-label={longDate(day.date, i18n.language)}>
          <Title order={2} size="h4">
            {longDate(day.date, i18n.language)}
          </Title>
          {day.hours.map((hour) => {
            const label = t('hours.range', {
              from: fmt.hour(hour.hour),
              to: fmt.hour((hour.hour + 1) % 24),
            });
            return (
              <Stack key={hour.key} gap="sm" component="section" data-testid="hour" aria-label={label}>
                <Title order={3} size="h5">
                  {label}
                </Title>
                {hour.rows.map((row) => (
                  <Row
                    key={row.vaId}
                    row={row}
                    zone={zone}
                    hourLabel={label}
                    who={who?.(row.vaId)}
                    renderCapture={renderCapture}
                  />
                ))}
              </Stack>
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}
