import { DndContext } from '@dnd-kit/core';
import { Group, ScrollArea } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../../../../lib/form-errors';
import { notify } from '../../../../lib/notify';
import type { BoardData, BoardTask, ProjectArea } from '../../api/area';
import { type Lane, lanesOf, locate, moveTask, stepTask } from '../../api/board-order';
import { useCreateTask } from '../../api/create-task';
import { useMoveTask } from '../../api/move-task';
import { announcementsOf, instructionsOf, placeOf } from './announcements';
import { BoardLane } from './board-lane';
import { type ColumnEditing, useColumnEditing } from './column-editing';
import type { CardMoves } from './task-card';
import { useBoardDnd } from './use-board-dnd';

/**
 * The board: columns side by side (scrolling sideways on a phone), tasks dragged with the pointer or the
 * keyboard, or moved from a card's menu. A move shows at once and is sent as `{column_id, after_id,
 * before_id}`; a refusal puts the board back and says why.
 */
export function BoardView({
  board,
  area,
  boardKey,
  today,
  onOpen,
}: {
  board: BoardData;
  area: ProjectArea;
  boardKey: readonly unknown[];
  today: string;
  onOpen: (taskId: number) => void;
}) {
  const { t } = useTranslation('projects');
  const { t: tc } = useTranslation('common');
  const locked = board.project.status === 'archived';
  const base = useMemo(() => lanesOf(board), [board]);
  const names = useMemo(() => new Map(board.columns.map((c) => [c.id, c.name])), [board]);
  const tasks = useMemo(() => {
    const byId = new Map<number, BoardTask>();
    for (const c of board.columns) for (const task of c.tasks) byId.set(task.id, task);
    return byId;
  }, [board]);
  const titles = useMemo(() => new Map([...tasks].map(([id, task]) => [id, task.title])), [tasks]);

  const [spoken, setSpoken] = useState('');
  const [focus, setFocus] = useState<{ id: number } | null>(null);
  const dropped = useRef<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);

  const send = useMoveTask(area, boardKey, (error) =>
    notify('warning', problemMessage(tc, error), t('board.moveFailed')),
  );
  const onMove = useCallback((id: number, lanes: Lane[]) => send(id, lanes), [send]);
  const onStep = useCallback(
    (id: number, lanes: Lane[] | null) => {
      setSpoken(lanes ? t('dnd.moved', { place: placeOf(t, lanes, id, names, titles) }) : t('dnd.edge'));
      if (lanes) setFocus({ id });
    },
    [t, names, titles],
  );
  const dnd = useBoardDnd({ base, onMove, onStep });
  const latest = useRef({ dnd, names, titles });
  latest.current = { dnd, names, titles };

  // A task moved into another column is a new element there: give it the focus back, and show it.
  useEffect(() => {
    if (!focus) return;
    const card = frame.current?.querySelector<HTMLElement>(
      `[data-task-id="${focus.id}"] [aria-roledescription]`,
    );
    if (card && document.activeElement !== card) card.focus({ preventScroll: true });
    card?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [focus]);

  // Read when spoken, so one set of announcements serves the whole drag.
  const announcements = useMemo(
    () =>
      announcementsOf(t, () => {
        const { dnd: current, names: columnNames, titles: taskTitles } = latest.current;
        return {
          lanes: current.startLanes(),
          dropped: dropped.current,
          keyboard: current.isKeyboard(),
          names: columnNames,
          titles: taskTitles,
        };
      }),
    [t],
  );

  const create = useCreateTask(area);
  const columns: ColumnEditing | null = useColumnEditing(area, board);

  /** The card menu's moves, from the board as the server last said it. */
  const movesOf = (id: number): CardMoves => {
    const at = locate(base, id);
    const step = (direction: 'up' | 'down') => {
      const next = stepTask(base, id, direction);
      return next ? () => onMove(id, next) : undefined;
    };
    return {
      up: step('up'),
      down: step('down'),
      to: base
        .filter((_, i) => i !== at?.lane)
        .map((lane) => ({
          id: lane.id,
          name: names.get(lane.id) ?? '',
          move: () => onMove(id, moveTask(base, id, lane.id, lane.tasks.length)),
        })),
    };
  };

  return (
    <>
      <DndContext
        sensors={dnd.sensors}
        collisionDetection={dnd.collisionDetection}
        onDragStart={(event) => {
          dropped.current = null;
          dnd.onDragStart(event);
        }}
        onDragOver={dnd.onDragOver}
        onDragEnd={(event) => {
          const lanes = dnd.finish(event);
          dropped.current = placeOf(t, lanes, Number(event.active.id), names, titles);
        }}
        onDragCancel={dnd.onDragCancel}
        accessibility={{ announcements, screenReaderInstructions: instructionsOf(t) }}
      >
        <ScrollArea type="auto" offsetScrollbars="x" scrollbars="x" viewportRef={frame}>
          <Group align="stretch" gap="sm" wrap="nowrap" pb="sm" data-testid="board">
            {dnd.lanes.map((lane, index) => {
              const column = board.columns.find((c) => c.id === lane.id);
              if (!column) return null;
              return (
                <BoardLane
                  key={lane.id}
                  id={lane.id}
                  name={column.name}
                  tasks={lane.tasks.map((id) => tasks.get(id)).filter((x): x is BoardTask => !!x)}
                  others={board.columns
                    .filter((c) => c.id !== lane.id)
                    .map((c) => ({ id: c.id, name: c.name }))}
                  today={today}
                  locked={locked}
                  columnActions={locked ? undefined : columns?.actionsOf(index)}
                  movesOf={movesOf}
                  onOpen={onOpen}
                  onAddTask={(title) =>
                    create.mutateAsync({ project_id: board.project.id, column_id: lane.id, title })
                  }
                />
              );
            })}
            {columns && !locked && columns.addColumn}
          </Group>
        </ScrollArea>
      </DndContext>
      <div role="status" aria-live="assertive" aria-atomic="true" className="visually-hidden">
        {spoken}
      </div>
    </>
  );
}
