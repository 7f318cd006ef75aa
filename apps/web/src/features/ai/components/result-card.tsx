import { Badge, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import type { AttendanceResult } from '@vahub/shared/ai/schemas';
import type { DashboardRole } from '@vahub/shared/auth/roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddNote } from '../api/ai';
import { AiMarkdown, ClaimsList, SignalsList } from './evidence-view';

const COLOR = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' } as const;

export const StatusBadge = ({ status }: { status: keyof typeof COLOR }) => {
  const { t } = useTranslation('ai');
  return (
    <Badge color={COLOR[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
};

/** One result: status, model, date, the report with its evidence, the VA's note (the VA adds or changes it). */
export function ResultCard({ result, area: role }: { result: AttendanceResult; area: DashboardRole }) {
  const { t, i18n } = useTranslation('ai');
  const [draft, setDraft] = useState(result.note ?? '');
  const [editing, setEditing] = useState(false);
  const addNote = useAddNote();
  return (
    <Card withBorder data-testid="ai-result">
      <Stack gap="xs">
        <Group gap="xs">
          <StatusBadge status={result.status} />
          <Text size="sm" c="dimmed">
            {t('result.meta', {
              model: result.model ?? '—',
              prompt: result.prompt_id,
              version: result.prompt_version,
              date: new Date(result.created_at).toLocaleString(i18n.language),
            })}
          </Text>
          {result.dropped_claims > 0 && (
            <Text size="xs" c="dimmed">
              {t('result.dropped', { count: result.dropped_claims })}
            </Text>
          )}
        </Group>
        {result.error && (
          <Text size="sm" c="red">
            {result.error}
          </Text>
        )}
        {result.markdown && <AiMarkdown source={result.markdown} area={role} />}
        <SignalsList signals={result.signals} area={role} />
        <ClaimsList claims={result.claims} area={role} />
        {result.note && !editing && (
          <Card bg="var(--mantine-color-default-hover)" p="xs" data-testid="ai-note">
            <Text size="xs" c="dimmed">
              {t('note.label')}
            </Text>
            <Text size="sm">{result.note}</Text>
          </Card>
        )}
        {role === 'va' && result.status === 'done' && !editing && (
          <Group>
            <Button size="xs" variant="light" onClick={() => setEditing(true)}>
              {result.note ? t('note.edit') : t('note.add')}
            </Button>
          </Group>
        )}
        {editing && (
          <Stack gap="xs">
            <Textarea
              label={t('note.label')}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={2000}
            />
            <Group>
              <Button
                size="xs"
                loading={addNote.isPending}
                disabled={!draft.trim()}
                onClick={() =>
                  addNote.mutate({ id: result.id, note: draft }, { onSuccess: () => setEditing(false) })
                }
              >
                {t('note.save')}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setEditing(false)}>
                {t('note.cancel')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
