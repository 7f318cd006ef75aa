import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import type { TFunction } from 'i18next';
import { type Lane, laneIdOf, locate } from '../../api/board-order';

/** Where a task stands, in words: its column and its place in it ("Review, position 2 of 3"). */
export function placeOf(
  t: TFunction,
  lanes: Lane[],
  taskId: number,
  names: Map<number, string>,
  titles: Map<number, string>,
): string {
  const at = locate(lanes, taskId);
  const title = titles.get(taskId) ?? '';
  if (!at) return title;
  const lane = lanes[at.lane];
  return t('dnd.place', {
    title,
    column: names.get(lane.id) ?? '',
    position: at.index + 1,
    count: lane.tasks.length,
  });
}

export const instructionsOf = (t: TFunction): ScreenReaderInstructions => ({
  draggable: t('dnd.instructions'),
});

/**
 * What a screen reader hears while a task is dragged. Keyboard steps are said by the board's own live region
 * (each step moves the task in place; the pointer's "over" never changes), so `onDragOver` speaks only for the
 * pointer. `lanes` and `dropped` are read when spoken: the lanes at the start, the place after the drop.
 */
export function announcementsOf(
  t: TFunction,
  read: () => {
    lanes: Lane[];
    dropped: string | null;
    keyboard: boolean;
    names: Map<number, string>;
    titles: Map<number, string>;
  },
): Announcements {
  const place = (id: number) => {
    const r = read();
    return placeOf(t, r.lanes, id, r.names, r.titles);
  };
  return {
    onDragStart: ({ active }) => t('dnd.picked', { place: place(Number(active.id)) }),
    onDragOver: ({ active, over }) => {
      const r = read();
      if (r.keyboard || !over || over.id === active.id) return undefined;
      const laneId = laneIdOf(over.id) ?? r.lanes.find((l) => l.tasks.includes(Number(over.id)))?.id;
      const column = laneId === undefined ? undefined : r.names.get(laneId);
      return column ? t('dnd.over', { title: r.titles.get(Number(active.id)) ?? '', column }) : undefined;
    },
    onDragEnd: () => {
      const r = read();
      return r.dropped ? t('dnd.dropped', { place: r.dropped }) : undefined;
    },
    onDragCancel: ({ active }) => t('dnd.cancelled', { place: place(Number(active.id)) }),
  };
}
