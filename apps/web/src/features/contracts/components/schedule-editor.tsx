import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { localDate } from '@vahub/shared/time/zoned';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../../../lib/form-errors';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import type { WriteArea } from '../api/schedules';
import { useCreateSchedule, useDeleteSchedule, useUpdateSchedule } from '../api/schedules';
import { BlockDialog } from './block-dialog';
import { type BlockValues, MinuteInput, WeekdaySelect } from './block-fields';
import { convertBlock, convertMinute, mondayOf } from './week-grid/geometry';
import { type GridItem, WeekGrid } from './week-grid/week-grid';

export interface EditorBlock extends BlockValues {
  id: number;
}

export interface ScheduleEditorProps {
  contractId: number;
  /** The schedule's zone (the contract's). */
  timezone: string;
  viewerTimezone: string;
  blocks: EditorBlock[];
  /** Without an area the editor is read-only. */
  area?: WriteArea;
  /** Refetches the blocks after a change; the editor waits for it so nothing jumps back. */
  onSaved?: () => Promise<unknown>;
  title?: string;
}

interface Pending {
  block: BlockValues;
  error: string | null;
  pending: boolean;
  /** Set for a block the server has not stored yet. */
  isNew: boolean;
}

const shortZone = (tz: string) => tz.split('/').pop()?.replaceAll('_', ' ') ?? tz;

/**
 * A contract's weekly schedule on the week grid. Changes go to the server one at a time; a refused change
 * (an overlap, 422) stays where the user put it, outlined, with the server's message on the block, until it
 * is fixed or discarded.
 */
export function ScheduleEditor({
  contractId,
  timezone,
  viewerTimezone,
  blocks,
  area,
  onSaved,
  title,
}: ScheduleEditorProps) {
  const { t } = useTranslation('contracts');
  const clock = useTimeFormatter();
  const readOnly = !area;
  const create = useCreateSchedule(area ?? 'admin');
  const update = useUpdateSchedule(area ?? 'admin');
  const remove = useDeleteSchedule(area ?? 'admin');
  const [pending, setPending] = useState<Record<string, Pending>>({});
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<BlockValues>({ weekday: 1, start_minute: 540, end_minute: 1020 });
  const counter = useRef(0);
  const monday = useMemo(() => mondayOf(localDate(new Date(), timezone)), [timezone]);
  const sameZone = timezone === viewerTimezone;

  const setOne = (key: string, value: Pending | null) =>
    setPending((all) => {
      const next = { ...all };
      if (value) next[key] = value;
      else delete next[key];
      return next;
    });

  const message = (err: unknown) => problemMessage(t, err);

  async function save(key: string, block: BlockValues, isNew: boolean) {
    setOne(key, { block, error: null, pending: true, isNew });
    try {
      if (isNew) await create.mutateAsync({ contract_id: contractId, ...block });
      else await update.mutateAsync({ id: Number(key.slice(2)), ...block });
      await onSaved?.();
      setOne(key, null);
    } catch (err) {
      setOne(key, { block, error: message(err), pending: false, isNew });
    }
  }

  async function destroy(key: string) {
    const p = pending[key];
    setEditing(null);
    if (p?.isNew) {
      setOne(key, null);
      return;
    }
    try {
      await remove.mutateAsync(Number(key.slice(2)));
      await onSaved?.();
      setOne(key, null);
    } catch (err) {
      setOne(key, { block: p?.block ?? blockOf(key), error: message(err), pending: false, isNew: false });
    }
  }

  const addNew = (block: BlockValues) => {
    counter.current += 1;
    void save(`n-${counter.current}`, block, true);
  };

  const blockOf = (key: string): BlockValues => {
    const p = pending[key];
    if (p) return p.block;
    const b = blocks.find((x) => `s-${x.id}` === key);
    return b ? { weekday: b.weekday, start_minute: b.start_minute, end_minute: b.end_minute } : draft;
  };

  const localLine = (b: BlockValues): string[] => {
    if (sameZone) return [];
    const l = convertBlock(b, timezone, viewerTimezone, monday);
    const day = l.weekday !== b.weekday ? `${t(`weekdaysShort.${l.weekday}`)} ` : '';
    return [
      t('grid.localLine', {
        times: `${day}${clock.range(l.start_minute, l.end_minute)}`,
      }),
    ];
  };

  const items: GridItem[] = [
    ...blocks.map((b) => {
      const key = `s-${b.id}`;
      const p = pending[key];
      const block = p?.block ?? b;
      return { key, ...block, lines: localLine(block), error: p?.error, pending: p?.pending };
    }),
    ...Object.entries(pending)
      .filter(([, p]) => p.isNew)
      .map(([key, p]) => ({
        key,
        ...p.block,
        lines: localLine(p.block),
        error: p.error,
        pending: p.pending,
      })),
  ];

  const editingPending = editing ? pending[editing] : undefined;
  const zoneHead = sameZone ? (
    shortZone(timezone)
  ) : (
    <>
      <div>{shortZone(timezone)}</div>
      <div style={{ color: 'var(--mantine-color-dimmed)' }}>{t('grid.you')}</div>
    </>
  );

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {sameZone
          ? t('grid.zoneSame', { zone: timezone })
          : t('grid.zoneBoth', { zone: timezone, local: viewerTimezone })}
      </Text>
      {!readOnly && (
        <Paper
          withBorder
          p="sm"
          component="form"
          aria-label={t('block.addTitle')}
          onSubmit={(e) => {
            e.preventDefault();
            if (draft.start_minute !== draft.end_minute) addNew(draft);
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <WeekdaySelect value={draft.weekday} onChange={(weekday) => setDraft({ ...draft, weekday })} />
            <MinuteInput
              label={t('block.start')}
              value={draft.start_minute}
              onChange={(start_minute) => setDraft({ ...draft, start_minute })}
            />
            <MinuteInput
              label={t('block.end')}
              value={draft.end_minute}
              onChange={(end_minute) => setDraft({ ...draft, end_minute })}
            />
            <Button type="submit" disabled={draft.start_minute === draft.end_minute}>
              {t('block.add')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed" mt={6}>
            {t('grid.help')}
          </Text>
        </Paper>
      )}
      <WeekGrid
        label={title ?? t('grid.label')}
        items={items}
        readOnly={readOnly}
        gutterHead={zoneHead}
        hourLabel={(h) => ({
          primary: clock.minutes(h * 60),
          secondary: sameZone
            ? undefined
            : clock.minutes(convertMinute(monday, h * 60, timezone, viewerTimezone)),
        })}
        onCreate={readOnly ? undefined : addNew}
        onChange={readOnly ? undefined : (key, block) => void save(key, block, Boolean(pending[key]?.isNew))}
        onOpen={readOnly ? undefined : setEditing}
      />
      {readOnly && items.length === 0 && <Text c="dimmed">{t('grid.empty')}</Text>}
      {!readOnly && (
        <BlockDialog
          opened={editing !== null}
          block={editing ? blockOf(editing) : null}
          error={editingPending?.error}
          unsaved={editingPending?.isNew}
          onDiscardChange={
            editingPending && !editingPending.isNew && !editingPending.pending
              ? () => {
                  // Back to the block as saved: the refused change and its message go.
                  setOne(editing as string, null);
                  setEditing(null);
                }
              : undefined
          }
          onClose={() => setEditing(null)}
          onSave={(values) => {
            const key = editing as string;
            setEditing(null);
            void save(key, values, Boolean(pending[key]?.isNew));
          }}
          onDelete={() => editing && void destroy(editing)}
        />
      )}
    </Stack>
  );
}
