import { Group, Text } from '@mantine/core';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSeconds } from '../../../components/attendance/duration';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import type { ActivityBlock } from '../api/insights';
import { activityLevel, BLOCK_MS, type DayCell, SLOTS_PER_HOUR, spanCells } from './insights-math';
import classes from './timeblock-grid.module.css';

type Span = { start: string; end: string };

/**
 * A VA's day (or one shift) as 10-minute cells coloured by activity share (hours across, the six slots of each hour down).
 * One tab stop: the arrow keys, Home and End move between cells (a roving tabindex, as ARIA grids do), and
 * the figures of the cell under the pointer or the focus show in the line below the grid (read out politely).
 */
export function TimeblockGrid({
  from,
  to,
  timeZone,
  blocks,
  scheduled = [],
  label,
}: {
  /** The span shown (a day: `dayBounds`; a shift: `shiftBounds`). */
  from: Date;
  to: Date;
  timeZone: string;
  blocks: ActivityBlock[];
  /** The day's scheduled shifts: their cells without activity are hatched. */
  scheduled?: Span[];
  label: string;
}) {
  const { t } = useTranslation('attendance-insights');
  const clock = useTimeFormatter();
  // A day is 144 cells: cheap enough to lay out on every render.
  const { cells, columns } = spanCells(from, to, timeZone, blocks);
  const spans = scheduled.map((s) => [new Date(s.start).getTime(), new Date(s.end).getTime()] as const);
  const firstActive = cells.find((c) => c.block)?.index ?? 0;
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const refs = useRef<(HTMLTableCellElement | null)[]>([]);
  const detailsId = useId();
  const tabIndex = focusIndex ?? firstActive;

  const inShift = (c: DayCell) => {
    const at = c.startAt.getTime();
    return spans.some(([s, e]) => at < e && at + BLOCK_MS > s);
  };
  const range = (c: DayCell) =>
    `${clock.time(c.startAt, timeZone)} – ${clock.time(new Date(c.startAt.getTime() + BLOCK_MS), timeZone)}`;
  const describe = (c: DayCell) => {
    const b = c.block;
    if (!b || b.tracked_seconds <= 0)
      return `${range(c)}: ${inShift(c) ? t('timeblocks.scheduledNoActivity') : t('timeblocks.noActivity')}`;
    return `${range(c)}: ${t('timeblocks.figures', {
      percent: b.activity_percent,
      tracked: formatSeconds(b.tracked_seconds),
      active: formatSeconds(b.active_seconds),
      idle: formatSeconds(b.idle_seconds),
    })}`;
  };

  const move = (to: number) => {
    const next = Math.max(0, Math.min(cells.length - 1, to));
    setFocusIndex(next);
    setShown(next);
    refs.current[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent, c: DayCell) => {
    const rowStart = c.slot;
    const rowEnd = c.slot + SLOTS_PER_HOUR * (columns.length - 1);
    const target = {
      ArrowRight: c.index + SLOTS_PER_HOUR,
      ArrowLeft: c.index - SLOTS_PER_HOUR,
      ArrowDown: c.slot < SLOTS_PER_HOUR - 1 ? c.index + 1 : c.index,
      ArrowUp: c.slot > 0 ? c.index - 1 : c.index,
      Home: rowStart,
      End: rowEnd < cells.length ? rowEnd : rowEnd - SLOTS_PER_HOUR,
    }[e.key];
    if (target === undefined) return;
    e.preventDefault();
    if (target >= 0 && target < cells.length) move(target);
  };

  const shownCell = shown === null ? null : cells[shown];
  return (
    <div>
      <div className={classes.scroll}>
        <table
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a data grid (ARIA APG): arrow keys move between its cells
          role="grid"
          aria-label={label}
          aria-describedby={detailsId}
          data-testid="timeblock-grid"
          className={classes.table}
          // Cells grow to fill a day's width, but a few hours (one shift) stay compact.
          style={{
            minWidth: `calc(2.75rem + ${columns.length * 16}px)`,
            width: `min(100%, calc(2.75rem + ${columns.length * 48}px))`,
          }}
          onMouseLeave={() => setShown(focusIndex)}
        >
          <thead>
            <tr>
              <th scope="col" className={classes.slot}>
                <span className="visually-hidden">{t('timeblocks.minute')}</span>
              </th>
              {columns.map((col) => (
                <th scope="col" key={col.index} className={classes.hour}>
                  {/* Every third hour is written; the others are there for screen readers only. */}
                  <span className={col.index % 3 === 0 ? undefined : 'visually-hidden'}>
                    {clock.hour(Math.floor(col.localMinute / 60))}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: SLOTS_PER_HOUR }, (_, slot) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the six slots of an hour are fixed
              <tr key={slot}>
                <th scope="row" className={classes.slot}>
                  :{String(slot * 10).padStart(2, '0')}
                </th>
                {columns.map((col) => {
                  const c = cells[col.index * SLOTS_PER_HOUR + slot];
                  if (!c) return <td key={col.index} />;
                  return (
                    <td
                      key={col.index}
                      ref={(el) => {
                        refs.current[c.index] = el;
                      }}
                      tabIndex={c.index === tabIndex ? 0 : -1}
                      aria-label={describe(c)}
                      className={classes.cell}
                      data-level={activityLevel(c.block)}
                      data-scheduled={inShift(c) || undefined}
                      data-current={shown === c.index || undefined}
                      data-testid="timeblock-cell"
                      onMouseEnter={() => setShown(c.index)}
                      onFocus={() => {
                        setFocusIndex(c.index);
                        setShown(c.index);
                      }}
                      onKeyDown={(e) => onKeyDown(e, c)}
                    />
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Text id={detailsId} size="sm" mt={6} aria-live="polite" data-testid="timeblock-details" mih={22}>
        {shownCell ? describe(shownCell) : t('timeblocks.hint')}
      </Text>
    </div>
  );
}

/** What each colour means. */
export function TimeblockLegend() {
  const { t } = useTranslation('attendance-insights');
  const levels = [0, 1, 2, 3, 4] as const;
  return (
    <Group gap="md" wrap="wrap" aria-label={t('timeblocks.legend')} role="list">
      {levels.map((level) => (
        <Group key={level} gap={6} wrap="nowrap" role="listitem">
          <span className={`${classes.cell} ${classes.legend}`} data-level={level} aria-hidden />
          <Text size="xs">{t(`timeblocks.levels.${level}`)}</Text>
        </Group>
      ))}
      <Group gap={6} wrap="nowrap" role="listitem">
        <span className={`${classes.cell} ${classes.legend}`} data-level={0} data-scheduled aria-hidden />
        <Text size="xs">{t('timeblocks.levels.scheduled')}</Text>
      </Group>
    </Group>
  );
}
