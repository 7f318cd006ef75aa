import {
  type CollisionDetection,
  closestCenter,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  getFirstCollision,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useCallback, useRef, useState } from 'react';
import {
  type Direction,
  type Lane,
  laneIdOf,
  locate,
  moveTask,
  samePlace,
  stepTask,
} from '../../api/board-order';

const DIRECTIONS: Record<string, Direction> = {
  [KeyboardCode.Up]: 'up',
  [KeyboardCode.Down]: 'down',
  [KeyboardCode.Left]: 'left',
  [KeyboardCode.Right]: 'right',
};

/** Space lifts and drops, Escape cancels; Enter stays free to open the task. */
const KEYBOARD_CODES = {
  start: [KeyboardCode.Space],
  cancel: [KeyboardCode.Esc],
  end: [KeyboardCode.Space, KeyboardCode.Tab],
};

const isKeyboard = (event: Event) => typeof KeyboardEvent !== 'undefined' && event instanceof KeyboardEvent;

/**
 * The board's drag and drop. The pointer drags geometrically (a column takes a task when the pointer enters it;
 * within a column the sortable list shows where it lands). The keyboard moves logically: each arrow moves the
 * lifted task one place up or down, or into the next column at the same height, in the board's own order (so
 * it never depends on what is on screen), and `onStep` says where it is now. On drop, `onMove` gets the final
 * order when the task's place changed.
 */
export function useBoardDnd({
  base,
  onMove,
  onStep,
}: {
  base: Lane[];
  onMove: (taskId: number, lanes: Lane[]) => void;
  onStep: (taskId: number, lanes: Lane[] | null) => void;
}) {
  const [drag, setDrag] = useState<Lane[] | null>(null);
  const lanes = drag ?? base;
  const current = useRef(lanes);
  current.current = lanes;
  const start = useRef<Lane[] | null>(null);
  const keyboard = useRef(false);
  const steps = useRef(onStep);
  steps.current = onStep;

  const coordinateGetter: KeyboardCoordinateGetter = useCallback((event, { active }) => {
    const direction = DIRECTIONS[event.code];
    if (!direction) return undefined;
    event.preventDefault();
    const id = Number(active);
    const next = stepTask(current.current, id, direction);
    if (next) {
      current.current = next;
      setDrag(next);
    }
    steps.current(id, next);
    // No coordinates: the task moved in the lists, not under a pointer.
    return undefined;
  }, []);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter, keyboardCodes: KEYBOARD_CODES }),
  );

  const collisionDetection: CollisionDetection = useCallback((args) => {
    // The lifted task stays "over" itself: the arrows already put it in its place.
    if (keyboard.current) return [{ id: args.active.id }];
    const within = pointerWithin(args);
    const first = getFirstCollision(within.length > 0 ? within : rectIntersection(args), 'id');
    if (first === null || first === undefined) return [];
    const laneId = laneIdOf(first);
    if (laneId === null) return [{ id: first }];
    // Over a column: the nearest of its tasks, so the list opens a gap there.
    const ids = current.current.find((l) => l.id === laneId)?.tasks ?? [];
    const containers = args.droppableContainers.filter((c) => typeof c.id === 'number' && ids.includes(c.id));
    const closest = containers.length > 0 ? closestCenter({ ...args, droppableContainers: containers }) : [];
    return closest.length > 0 ? closest.slice(0, 1) : [{ id: first }];
  }, []);

  const onDragStart = useCallback(
    (event: DragStartEvent) => {
      keyboard.current = isKeyboard(event.activatorEvent);
      start.current = base;
      current.current = base;
      setDrag(base);
    },
    [base],
  );

  /** The pointer entering another column moves the task into it, above or below the task it is over. */
  const onDragOver = useCallback(({ active, over }: DragOverEvent) => {
    if (keyboard.current || !over) return;
    const id = Number(active.id);
    const lanes = current.current;
    const from = locate(lanes, id);
    const overLane = laneIdOf(over.id) ?? lanes.find((l) => l.tasks.includes(Number(over.id)))?.id;
    if (!from || overLane === undefined || lanes[from.lane].id === overLane) return;
    const target = lanes.find((l) => l.id === overLane) as Lane;
    let index = target.tasks.length;
    if (laneIdOf(over.id) === null) {
      const translated = active.rect.current.translated;
      const below = translated !== null && translated.top > over.rect.top + over.rect.height / 2;
      index = target.tasks.indexOf(Number(over.id)) + (below ? 1 : 0);
    }
    const next = moveTask(lanes, id, overLane, index);
    current.current = next;
    setDrag(next);
  }, []);

  /** The final order (within a column the pointer's drop reorders it), and the move when the place changed. */
  const finish = useCallback(
    ({ active, over }: DragEndEvent): Lane[] => {
      const id = Number(active.id);
      let lanes = current.current;
      if (!keyboard.current && over && over.id !== active.id && laneIdOf(over.id) === null) {
        const at = locate(lanes, Number(over.id));
        if (at) lanes = moveTask(lanes, id, lanes[at.lane].id, at.index);
      }
      const origin = start.current;
      keyboard.current = false;
      setDrag(null);
      if (origin && !samePlace(origin, lanes, id)) onMove(id, lanes);
      return lanes;
    },
    [onMove],
  );

  const onDragCancel = useCallback(() => {
    keyboard.current = false;
    setDrag(null);
  }, []);

  return {
    lanes,
    dragging: drag !== null,
    sensors,
    collisionDetection,
    onDragStart,
    onDragOver,
    finish,
    onDragCancel,
    /** The order when the drag began (what a cancel returns to). */
    startLanes: () => start.current ?? current.current,
    isKeyboard: () => keyboard.current,
  };
}
