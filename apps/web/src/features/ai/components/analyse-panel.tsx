import { Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import type { DashboardRole } from '@vahub/shared/auth/roles';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureNamespace } from '../../../lib/i18n';
import { useProcessAttendance, usePrompts, useResults } from '../api/ai';
import { ResultCard } from './result-card';

function PromptPicker({ attendanceId }: { attendanceId: number }) {
  const { t } = useTranslation('ai');
  const prompts = usePrompts('admin');
  const [promptId, setPromptId] = useState('attendance_summary');
  const analyse = useProcessAttendance();
  return (
    <Group align="flex-end">
      <Select
        label={t('analyse.prompt')}
        data={(prompts.data?.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        value={promptId}
        onChange={(v) => setPromptId(v ?? 'attendance_summary')}
        allowDeselect={false}
        w={260}
      />
      <Button
        loading={analyse.isPending}
        onClick={() => analyse.mutate({ attendance_id: attendanceId, prompt_id: promptId })}
      >
        {t('analyse.button')}
      </Button>
      {analyse.error && (
        <Text c="red" size="sm">
          {analyse.error.message}
        </Text>
      )}
    </Group>
  );
}

/**
 * An attendance's AI results; an admin also picks a prompt and asks for one ("Analyse"). Other features' pages
 * show it (the timeline, the timesheet), so it loads its own texts first.
 */
export function AnalysePanel(props: { attendanceId: number; area: DashboardRole }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void ensureNamespace('ai').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready ? <Panel {...props} /> : null;
}

function Panel({ attendanceId, area: role }: { attendanceId: number; area: DashboardRole }) {
  const { t } = useTranslation('ai');
  const results = useResults(role, attendanceId);
  return (
    <Stack gap="sm" data-testid="ai-panel">
      <Title order={2} size="h4">
        {t('analyse.title')}
      </Title>
      {role === 'admin' && <PromptPicker attendanceId={attendanceId} />}
      {results.isPending ? (
        <Loader size="sm" aria-label={t('loading')} />
      ) : results.data?.data.length ? (
        results.data.data.map((r) => <ResultCard key={r.id} result={r} area={role} />)
      ) : (
        <Text size="sm" c="dimmed">
          {t('analyse.none')}
        </Text>
      )}
    </Stack>
  );
}
