import { Tooltip, VisuallyHidden } from '@mantine/core';
import { WEEKDAYS } from '@vahub/shared/time/weekdays';
import {
  type CSSProperties,
  Fragment,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeFormatter } from '../../../../lib/format/use-time-format';
import {
  type Block,
  blockSegments,
  DEFAULT_HOUR_PX,
  minuteAt,
  moveBlock,
  pxToMinutes,
  rangeFromDrag,
  resizeBlock,
  segmentBox,
} from './geometry';
import classes from './week-grid.module.css';

export interface GridItem extends Block {
  key: string;
  title?: string;
  /** Extra lines under the times, e.g. the viewer's local time. */
  lines?: string[];
  error?: string | null;
  pending?: boolean;
}

export interface HourLabel {
  primary: string;
  secondary?: string;
}

export interface WeekGridProps {
  items: GridItem[];
  label: string;
  readOnly?: boolean;
  hourPx?: number;
  /** Column headings, Monday first (default: weekday names). */
  dayLabels?: string[];
  /** Heading of the hour gutter (e.g. the zones shown). */
  gutterHead?: ReactNode;
  hourLabel?: (hour: number) => HourLabel;
  /** Hour the grid first scrolls to. */
  scrollToHour?: number;
  onCreate?: (block: Block) => void;
  onChange?: (key: string, block: Block) => void;
  onOpen?: (key: string) => void;
}

type Drag =
  | { mode: 'create'; weekday: number; anchor: number; current: number }
  | {
      mode: 'move' | 'resize';
      key: string;
      x: number;
      y: number;
      colWidth: number;
      original: Block;
      preview: Block;
      moved: boolean;
    };

const DRAG_THRESHOLD_PX = 4;

/** The hour the grid opens at: the earliest start of any block, 7 AM without blocks. */
export function firstShiftHour(items: Pick<Block, 'start_minute'>[]): number {
  if (items.length === 0) return 7;
  return Math.floor(Math.min(...items.map((i) => i.start_minute)) / 60);
}

/**
 * A week of schedule blocks: seven day columns (Monday first) and 24 hour rows. Editable grids make a block
 * by dragging on empty space, move one by dragging it and resize it by its bottom edge (all snapped to
 * 15 minutes). Every block is a button, so the keyboard reaches the same edit dialog a click opens.
 */
export function WeekGrid({
  items,
  label,
  readOnly = false,
  hourPx = DEFAULT_HOUR_PX,
  dayLabels,
  gutterHead,
  hourLabel,
  scrollToHour,
  onCreate,
  onChange,
  onOpen,
}: WeekGridProps) {
  const { t } = useTranslation('contracts');
  const clock = useTimeFormatter();
  const labelOf = hourLabel ?? ((h: number): HourLabel => ({ primary: clock.hour(h) }));
  const scroller = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const editable = !readOnly && Boolean(onCreate || onChange);
  const days = dayLabels ?? WEEKDAYS.map((d) => t(`weekdays.${d}`));

  // First view: the first shift of the week by time of day (a Manila VA on US hours starts in the evening),
  // 7 AM on an empty grid. Blocks that arrive after the grid opened (loaded, or the first one drawn) still
  // bring it there once; after that the grid stays where the user scrolled it.
  const firstHour = scrollToHour ?? firstShiftHour(items);
  const scrolled = useRef(false);
  const hasItems = items.length > 0;
  useEffect(() => {
    if (scrolled.current || !scroller.current) return;
    if (hasItems || scrollToHour !== undefined) scrolled.current = true;
    scroller.current.scrollTop = Math.max(0, firstHour * hourPx - 12);
  }, [firstHour, hourPx, hasItems, scrollToHour]);

  const update = (next: Drag | null) => {
    dragRef.current = next;
    setDrag(next);
  };
  // The window listeners live for one drag; they read the latest props through this ref.
  const latest = useRef({ onChange, onCreate, hourPx });
  latest.current = { onChange, onCreate, hourPx };
  const dragging = drag !== null;

  useEffect(() => {
    if (!dragging) return;
    const { hourPx } = latest.current;
    const set = (next: Drag | null) => {
      dragRef.current = next;
      setDrag(next);
    };
    const onMove = (e: PointerEvent) => {
      const d = dragRef.current;
      if (!d) return;
      if (d.mode === 'create') {
        const col = scroller.current?.querySelector<HTMLElement>(`[data-weekday="${d.weekday}"]`);
        if (!col) return;
        set({ ...d, current: minuteAt(e.clientY - col.getBoundingClientRect().top, hourPx) });
        return;
      }
      const dx = e.clientX - d.x;
      const dy = e.clientY - d.y;
      const moved = d.moved || Math.abs(dx) > DRAG_THRESHOLD_PX || Math.abs(dy) > DRAG_THRESHOLD_PX;
      const minutes = pxToMinutes(dy, hourPx);
      const preview =
        d.mode === 'move'
          ? moveBlock(d.original, minutes, Math.round(dx / d.colWidth))
          : resizeBlock(d.original, minutes);
      set({ ...d, preview, moved });
    };
    const onUp = () => {
      const d = dragRef.current;
      set(null);
      if (!d) return;
      const { onChange, onCreate } = latest.current;
      if (d.mode === 'create') {
        onCreate?.(rangeFromDrag(d.weekday, d.anchor, d.current));
        return;
      }
      if (!d.moved) return;
      suppressClick.current = true;
      const { weekday, start_minute, end_minute } = d.preview;
      const o = d.original;
      if (weekday !== o.weekday || start_minute !== o.start_minute || end_minute !== o.end_minute) {
        onChange?.(d.key, { weekday, start_minute, end_minute });
      }
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onUp);
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onUp);
    };
  }, [dragging]);

  const startCreate = (weekday: number) => (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!onCreate || readOnly || e.button !== 0 || e.target !== e.currentTarget) return;
    e.preventDefault();
    const minute = minuteAt(e.clientY - e.currentTarget.getBoundingClientRect().top, hourPx);
    update({ mode: 'create', weekday, anchor: minute, current: minute + 15 });
  };

  const startBlockDrag = (item: GridItem, mode: 'move' | 'resize') => (e: ReactPointerEvent<HTMLElement>) => {
    if (!onChange || readOnly || e.button !== 0) return;
    e.stopPropagation();
    if (mode === 'resize') e.preventDefault();
    const col = scroller.current?.querySelector<HTMLElement>('[data-weekday="1"]');
    const original = { weekday: item.weekday, start_minute: item.start_minute, end_minute: item.end_minute };
    update({
      mode,
      key: item.key,
      x: e.clientX,
      y: e.clientY,
      colWidth: col?.getBoundingClientRect().width || 100,
      original,
      preview: original,
      moved: false,
    });
  };

  const shown = items.map((item) =>
    drag && drag.mode !== 'create' && drag.key === item.key && drag.moved
      ? { ...item, ...drag.preview }
      : item,
  );
  const gridStyle = { '--hour-px': `${hourPx}px`, '--gutter-width': '76px' } as CSSProperties;
  const dayHeight = 24 * hourPx;

  return (
    <div ref={scroller} className={classes.scroller}>
      {/* biome-ignore lint/a11y/useSemanticElements: a grid of buttons, not a form's fieldset */}
      <div className={classes.grid} style={gridStyle} role="group" aria-label={label}>
        <div className={classes.gutterHead}>{gutterHead}</div>
        {days.map((d, i) => (
          <div key={WEEKDAYS[i]} className={classes.headCell}>
            {d}
          </div>
        ))}
        <div className={classes.gutter} style={{ height: dayHeight, position: 'sticky' }} aria-hidden>
          {Array.from({ length: 24 }, (_, h) => {
            const l = labelOf(h);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the hours of a day never reorder
              <div key={h} className={classes.hourLabel} style={{ top: h === 0 ? 8 : h * hourPx }}>
                {l.primary}
                {l.secondary && <div className={classes.hourLocal}>{l.secondary}</div>}
              </div>
            );
          })}
        </div>
        {WEEKDAYS.map((weekday) => (
          <div
            key={weekday}
            data-weekday={weekday}
            className={`${classes.column} ${editable ? classes.editable : ''}`}
            style={{ height: dayHeight }}
            onPointerDown={startCreate(weekday)}
          >
            {shown.flatMap((item) =>
              blockSegments(item)
                .filter((s) => s.weekday === weekday)
                .map((s) => (
                  <BlockSegment
                    key={`${item.key}-${s.part}`}
                    item={item}
                    part={s.part}
                    box={segmentBox(s, hourPx)}
                    dragging={drag?.mode !== 'create' && drag?.key === item.key && Boolean(drag?.moved)}
                    editable={editable}
                    onPointerDown={startBlockDrag(item, 'move')}
                    onResizeDown={startBlockDrag(item, 'resize')}
                    onOpen={() => {
                      if (suppressClick.current) {
                        suppressClick.current = false;
                        return;
                      }
                      onOpen?.(item.key);
                    }}
                  />
                )),
            )}
            {drag?.mode === 'create' && drag.weekday === weekday && (
              <CreatePreview drag={drag} hourPx={hourPx} />
            )}
          </div>
        ))}
      </div>
    </div>
  );
}

function CreatePreview({ drag, hourPx }: { drag: Extract<Drag, { mode: 'create' }>; hourPx: number }) {
  const clock = useTimeFormatter();
  const b = rangeFromDrag(drag.weekday, drag.anchor, drag.current);
  const [s] = blockSegments(b);
  const box = segmentBox(s, hourPx);
  return (
    <div className={classes.preview} style={box}>
      {clock.range(b.start_minute, b.end_minute)}
    </div>
  );
}

interface SegmentProps {
  item: GridItem;
  part: 'whole' | 'head' | 'tail';
  box: { top: number; height: number };
  dragging: boolean;
  editable: boolean;
  onPointerDown: (e: ReactPointerEvent<HTMLElement>) => void;
  onResizeDown: (e: ReactPointerEvent<HTMLElement>) => void;
  onOpen: () => void;
}

function BlockSegment({
  item,
  part,
  box,
  dragging,
  editable,
  onPointerDown,
  onResizeDown,
  onOpen,
}: SegmentProps) {
  const { t } = useTranslation('contracts');
  const times = useTimeFormatter().range(item.start_minute, item.end_minute);
  const day = t(`weekdays.${item.weekday === 0 ? 7 : item.weekday}`);
  const errorId = `block-error-${item.key}-${part}`;
  const lastPart = part !== 'head' || item.end_minute === 0;
  // The button's name is what it shows, in the order it shows it, with the day before it (hidden): a name that
  // contains the visible text (WCAG 2.5.3), read as "Monday 9:00 AM – 5:00 PM, You: 10:00 AM – 6:00 PM".
  const separator = (named: boolean) => (named ? <VisuallyHidden>, </VisuallyHidden> : null);
  const content = (named: boolean) => (
    <>
      {named && <VisuallyHidden>{day}</VisuallyHidden>}
      {named && ' '}
      {item.title && <span className={classes.blockTitle}>{item.title}</span>}
      {item.title && separator(named)}
      <span className={classes.blockLine}>{part === 'tail' ? `↳ ${times}` : times}</span>
      {item.lines?.map((l) => (
        <Fragment key={l}>
          {separator(named)}
          <span className={classes.blockLine}>{l}</span>
        </Fragment>
      ))}
    </>
  );
  return (
    <div
      className={classes.block}
      style={{ top: box.top, height: Math.max(box.height, 14) }}
      data-part={part}
      data-error={item.error ? true : undefined}
      data-pending={item.pending ? true : undefined}
      data-dragging={dragging ? true : undefined}
      data-block={item.key}
    >
      {part === 'tail' ? (
        // The tail repeats the block; only the head is a tab stop, so the keyboard meets each block once.
        <div className={classes.blockButton} aria-hidden onPointerDown={onPointerDown} onClick={onOpen}>
          {content(false)}
        </div>
      ) : (
        <Tooltip label={item.error} disabled={!item.error} multiline w={260} withArrow>
          <button
            type="button"
            className={classes.blockButton}
            aria-describedby={item.error ? errorId : undefined}
            onPointerDown={onPointerDown}
            onClick={onOpen}
          >
            {content(true)}
          </button>
        </Tooltip>
      )}
      {item.error && part !== 'tail' && (
        <div id={errorId} className={classes.blockError} role="alert">
          {item.error}
        </div>
      )}
      {editable && lastPart && <div className={classes.resize} aria-hidden onPointerDown={onResizeDown} />}
    </div>
  );
}
