import { Button, Card, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtime } from '../../../lib/use-realtime';
import { type PeriodArea, type PeriodBody, usePrompts, useVaOptions } from '../api/ai';

export type PeriodChoice = { start: string; end: string; vaIds: string[]; promptId: string };

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Period, VAs and prompt, shared by the report and the batch forms. */
export function PeriodForm({
  area: role,
  value,
  onChange,
}: {
  area: PeriodArea;
  value: PeriodChoice;
  onChange: (next: PeriodChoice) => void;
}) {
  const { t } = useTranslation('ai');
  const prompts = usePrompts(role);
  const vas = useVaOptions(role);
  return (
    <Group align="flex-end" wrap="wrap">
      <TextInput
        type="date"
        label={t('period.start')}
        value={value.start}
        onChange={(e) => onChange({ ...value, start: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={t('period.end')}
        value={value.end}
        onChange={(e) => onChange({ ...value, end: e.currentTarget.value })}
      />
      <MultiSelect
        label={t('period.vas')}
        placeholder={value.vaIds.length ? undefined : t('period.allVas')}
        data={vas}
        value={value.vaIds}
        onChange={(vaIds) => onChange({ ...value, vaIds })}
        searchable
        w={320}
      />
      <Select
        label={t('analyse.prompt')}
        data={(prompts.data?.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        value={value.promptId}
        onChange={(v) => onChange({ ...value, promptId: v ?? 'attendance_summary' })}
        allowDeselect={false}
        w={240}
      />
    </Group>
  );
}

export const periodBody = (v: PeriodChoice): PeriodBody => ({
  start_date: v.start,
  end_date: v.end,
  ...(v.vaIds.length ? { va_ids: v.vaIds.map(Number) } : {}),
  prompt_id: v.promptId,
});

export function usePeriodChoice(): [PeriodChoice, (v: PeriodChoice) => void] {
  const today = new Date();
  const weekAgo = new Date(today.getTime() - 7 * 86_400_000);
  return useState<PeriodChoice>({
    start: isoDay(weekAgo),
    end: isoDay(today),
    vaIds: [],
    promptId: 'attendance_summary',
  });
}

/** The text of a report being written, as `ai.report` messages bring it (pieces in order by `seq`). */
export function useReportStream(reportId: number | null) {
  const [state, setState] = useState<{ id: number | null; text: string; status: string; seq: number }>({
    id: null,
    text: '',
    status: 'idle',
    seq: -1,
  });
  useRealtime('ai.report', (data) => {
    if (data.report_id !== reportId) return;
    setState((s) => {
      const base = s.id === reportId ? s : { id: reportId, text: '', status: 'running', seq: -1 };
      if (data.seq <= base.seq) return base;
      return { id: reportId, text: base.text + (data.delta ?? ''), status: data.status, seq: data.seq };
    });
  });
  return state.id === reportId
    ? state
    : { id: reportId, text: '', status: reportId ? 'queued' : 'idle', seq: -1 };
}

/** The live text, shown while the job writes it. */
export function LiveReport({ text, status }: { text: string; status: string }) {
  const { t } = useTranslation('ai');
  if (status === 'idle') return null;
  return (
    <Card withBorder data-testid="ai-live">
      <Stack gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t(`live.${status}`, { defaultValue: status })}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="ai-live-text">
          {text}
        </Text>
      </Stack>
    </Card>
  );
}

export function GenerateButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  const { t } = useTranslation('ai');
  return (
    <Button onClick={onClick} loading={loading}>
      {t('report.generate')}
    </Button>
  );
}
