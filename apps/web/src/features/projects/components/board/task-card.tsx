import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Avatar, Group, Menu, Paper, Text, Tooltip } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconCalendarDue,
  IconClock,
  IconColumns3,
  IconDots,
  IconExternalLink,
  IconMessage,
} from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSeconds } from '../../../../components/attendance/duration';
import { avatarSource, initials } from '../../../../lib/format/avatar';
import type { BoardTask } from '../../api/area';
import { PriorityBadge } from '../project-bits';
import { formatDay, isOverdue } from './dates';

/** What a card's menu offers besides dragging: up, down, and "Move to…" another column. */
export interface CardMoves {
  up?: () => void;
  down?: () => void;
  to: { id: number; name: string; move: () => void }[];
}

/**
 * A task on the board: title, priority, assignee, due date (red when overdue), tracked time, comments. The
 * card is the drag handle (pointer, or focus and Space to lift, arrows to move, Space to drop); a click or
 * Enter opens the task; its menu moves it without dragging.
 */
export function TaskCard({
  task,
  today,
  onOpen,
  moves,
  locked,
}: {
  task: BoardTask;
  today: string;
  onOpen: (id: number) => void;
  moves: CardMoves;
  /** An archived project: nothing moves. */
  locked: boolean;
}) {
  const { t, i18n } = useTranslation('projects');
  const sortable = useSortable({
    id: task.id,
    data: { type: 'task', columnId: task.column_id },
    disabled: locked,
    attributes: { roleDescription: t('card.roleDescription') },
  });
  const overdue = isOverdue(task, today);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    sortable.listeners?.onKeyDown?.(event);
    if (event.key === 'Enter' && !event.defaultPrevented && !sortable.isDragging) {
      event.preventDefault();
      onOpen(task.id);
    }
  };
  return (
    <Paper
      ref={sortable.setNodeRef}
      withBorder
      radius="md"
      p="xs"
      pos="relative"
      data-testid="task-card"
      data-task-id={task.id}
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
        opacity: sortable.isDragging ? 0.6 : 1,
        boxShadow: sortable.isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the card holds block content, which a <button> may not */}
      <div
        ref={sortable.setActivatorNodeRef}
        {...sortable.attributes}
        {...sortable.listeners}
        role="button"
        tabIndex={0}
        onKeyDown={onKeyDown}
        onClick={() => onOpen(task.id)}
        style={{ cursor: locked ? 'pointer' : 'grab', outlineOffset: 2, paddingRight: 28 }}
      >
        <Text size="sm" fw={500} mb={6} style={{ overflowWrap: 'anywhere' }}>
          {task.title}
        </Text>
        <Group gap={8} wrap="wrap">
          <PriorityBadge priority={task.priority} />
          {task.due_date && (
            <Group gap={2} wrap="nowrap" c={overdue ? 'red' : 'dimmed'} data-testid="task-due">
              <IconCalendarDue size={14} aria-hidden />
              <Text size="xs" c="inherit" fw={overdue ? 600 : undefined}>
                {t(overdue ? 'card.overdue' : 'card.due', {
                  date: formatDay(task.due_date, i18n.language, today),
                })}
              </Text>
            </Group>
          )}
          {task.tracked_seconds > 0 && (
            <Group gap={2} wrap="nowrap" c="dimmed">
              <IconClock size={14} aria-hidden />
              <Text size="xs" c="inherit">
                <span className="visually-hidden">{t('card.tracked')} </span>
                {formatSeconds(task.tracked_seconds)}
              </Text>
            </Group>
          )}
          {task.comment_count > 0 && (
            <Group gap={2} wrap="nowrap" c="dimmed">
              <IconMessage size={14} aria-hidden />
              <Text size="xs" c="inherit">
                <span aria-hidden>{task.comment_count}</span>
                <span className="visually-hidden">{t('card.comments', { count: task.comment_count })}</span>
              </Text>
            </Group>
          )}
          {task.assignee && (
            <Tooltip label={task.assignee.name}>
              <Avatar size={22} radius="xl" src={avatarSource(task.assignee.avatar_url)} ml="auto" alt="">
                {initials(task.assignee.first_name, task.assignee.last_name, task.assignee.email)}
              </Avatar>
            </Tooltip>
          )}
          {task.assignee && (
            <span className="visually-hidden">{t('card.assignee', { name: task.assignee.name })}</span>
          )}
        </Group>
      </div>
      <CardMenu title={task.title} moves={moves} locked={locked} onOpen={() => onOpen(task.id)} />
    </Paper>
  );
}

function CardMenu({
  title,
  moves,
  locked,
  onOpen,
}: {
  title: string;
  moves: CardMoves;
  locked: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation('projects');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          pos="absolute"
          top={6}
          right={6}
          aria-label={t('card.actions', { title })}
          // A press on the menu is not the start of a drag.
          onPointerDown={(e) => e.stopPropagation()}
        >
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconExternalLink size={14} aria-hidden />} onClick={onOpen}>
          {t('card.open')}
        </Menu.Item>
        {!locked && (
          <>
            <Menu.Item
              leftSection={<IconArrowUp size={14} aria-hidden />}
              disabled={!moves.up}
              onClick={moves.up}
            >
              {t('card.moveUp')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconArrowDown size={14} aria-hidden />}
              disabled={!moves.down}
              onClick={moves.down}
            >
              {t('card.moveDown')}
            </Menu.Item>
            {moves.to.length > 0 && <Menu.Label>{t('card.moveTo')}</Menu.Label>}
            {moves.to.map((c) => (
              <Menu.Item key={c.id} leftSection={<IconColumns3 size={14} aria-hidden />} onClick={c.move}>
                {c.name}
              </Menu.Item>
            ))}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
