import {
  Button,
  Card,
  Code,
  Group,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { PACK_FIELDS } from '@vahub/shared/ai/schemas';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureNamespace } from '../../../lib/i18n';
import { useAiSettings, useDeletePrompt, usePrompts, useSavePrompt, useUpdateAiSettings } from '../api/ai';

type Draft = { id?: string; name: string; description: string; template: string };

/** Settings → AI: on or off, window titles, this month's tokens against the budget, the model; the prompts. */
export function AiSettingsCard() {
  const { t } = useTranslation('ai');
  const settings = useAiSettings();
  const update = useUpdateAiSettings();
  const prompts = usePrompts('admin');
  const save = useSavePrompt();
  const remove = useDeletePrompt();
  const [draft, setDraft] = useState<Draft | null>(null);
  const s = settings.data;
  return (
    <Card withBorder data-testid="ai-settings">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('settings.title')}
        </Title>
        {s && (
          <>
            <Switch
              label={t('settings.enabled')}
              checked={s.enabled}
              onChange={(e) => update.mutate({ enabled: e.currentTarget.checked })}
            />
            <Switch
              label={t('settings.windowTitles')}
              checked={s.window_titles}
              onChange={(e) => update.mutate({ window_titles: e.currentTarget.checked })}
            />
            <Text size="sm">
              {t('settings.model', { model: s.model })} ·{' '}
              {s.monthly_token_budget === null
                ? t('settings.tokensNoBudget', { used: s.tokens_this_month })
                : t('settings.tokens', { used: s.tokens_this_month, budget: s.monthly_token_budget })}
            </Text>
          </>
        )}
        <Title order={3} size="h5">
          {t('prompts.title')}
        </Title>
        <Table>
          <Table.Tbody>
            {(prompts.data?.data ?? []).map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  {p.name}{' '}
                  <Text span size="xs" c="dimmed">
                    v{p.version}
                    {p.built_in ? ` · ${t('prompts.builtIn')}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {!p.built_in && (
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() =>
                          setDraft({
                            id: p.id,
                            name: p.name,
                            description: p.description,
                            template: p.template,
                          })
                        }
                      >
                        {t('prompts.edit')}
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate(p.id)}>
                        {t('prompts.delete')}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {draft ? (
          <Stack gap="xs">
            <TextInput
              label={t('prompts.name')}
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
            />
            <TextInput
              label={t('prompts.description')}
              value={draft.description}
              onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
            />
            <Textarea
              label={t('prompts.template')}
              autosize
              minRows={4}
              value={draft.template}
              onChange={(e) => setDraft({ ...draft, template: e.currentTarget.value })}
            />
            <Text size="xs" c="dimmed">
              {t('prompts.fields')}{' '}
              {PACK_FIELDS.map((f) => (
                <Code key={f} mr={4}>
                  {f}
                </Code>
              ))}
            </Text>
            <Group>
              <Button
                size="xs"
                loading={save.isPending}
                onClick={() => save.mutate(draft, { onSuccess: () => setDraft(null) })}
              >
                {t('prompts.save')}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setDraft(null)}>
                {t('note.cancel')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group>
            <Button
              size="xs"
              variant="light"
              onClick={() => setDraft({ name: '', description: '', template: '' })}
            >
              {t('prompts.new')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Settings → AI on the admin's settings page (another feature's page): loads the ai texts first. */
export function AiSettingsSection() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void ensureNamespace('ai').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready ? <AiSettingsCard /> : null;
}
