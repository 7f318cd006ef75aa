import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookFormat,
  webhookCreateSchema,
} from '@vahub/shared/webhooks/schemas';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/confirm';
import { problemFieldErrors, problemMessage, schemaErrors } from '../../../lib/form-errors';
import { ensureNamespace } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useTestWebhook,
  useUpdateWebhook,
  useWebhooks,
} from '../api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookSecretDialog } from './webhook-secret-dialog';

type Draft = {
  id?: number;
  url: string;
  description: string;
  events: string[];
  format: WebhookFormat;
  enabled: boolean;
};

const emptyDraft = (): Draft => ({ url: '', description: '', events: [], format: 'standard', enabled: true });

/** Create or edit an endpoint: URL, description, the events picker, the format (and on or off, when editing). */
function WebhookForm({
  draft,
  onClose,
  onCreated,
}: {
  draft: Draft;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation('webhooks');
  const [values, setValues] = useState(draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setValues((v) => ({ ...v, [key]: value }));
  const submit = async () => {
    const body = {
      url: values.url,
      description: values.description,
      events: values.events as (typeof WEBHOOK_EVENTS)[number][],
      format: values.format,
    };
    const local = schemaErrors(webhookCreateSchema, body, t);
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      if (values.id === undefined) {
        const created = await create.mutateAsync(body);
        onCreated(created.secret);
      } else {
        await update.mutateAsync({ id: values.id, body: { ...body, enabled: values.enabled } });
        notify('green', t('form.saved'));
      }
      onClose();
    } catch (err) {
      const fields = problemFieldErrors(t, err);
      setErrors(Object.keys(fields).length ? fields : { form: problemMessage(t, err) });
    }
  };
  return (
    <Stack gap="sm">
      {errors.form && (
        <Alert color="red" role="alert">
          {errors.form}
        </Alert>
      )}
      <TextInput
        label={t('form.url')}
        description={t('form.urlHelp')}
        placeholder="https://example.com/hooks/vahub"
        value={values.url}
        onChange={(e) => set('url', e.currentTarget.value)}
        error={errors.url}
        required
      />
      <TextInput
        label={t('form.description')}
        value={values.description}
        onChange={(e) => set('description', e.currentTarget.value)}
        error={errors.description}
      />
      <Checkbox.Group
        label={t('form.events')}
        value={values.events}
        onChange={(events) => set('events', events)}
        error={errors.events}
        required
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
          {WEBHOOK_EVENTS.map((e) => (
            <Checkbox key={e} value={e} label={t(`events.${e.replace('.', '_')}`)} description={e} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="webhook-format-label">
          {t('form.format')}
        </Text>
        <SegmentedControl
          aria-labelledby="webhook-format-label"
          value={values.format}
          onChange={(v) => set('format', v as WebhookFormat)}
          data={[
            { value: 'standard', label: t('form.formatStandard') },
            { value: 'slack', label: t('form.formatSlack') },
          ]}
        />
        <Text size="xs" c="dimmed">
          {t(values.format === 'slack' ? 'form.formatSlackHelp' : 'form.formatStandardHelp')}
        </Text>
      </Stack>
      {values.id !== undefined && (
        <Switch
          label={t('form.enabled')}
          checked={values.enabled}
          onChange={(e) => set('enabled', e.currentTarget.checked)}
        />
      )}
      <Group justify="flex-end">
        <Button variant="subtle" onClick={onClose}>
          {t('form.cancel')}
        </Button>
        <Button loading={create.isPending || update.isPending} onClick={() => void submit()}>
          {values.id === undefined ? t('form.create') : t('form.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function WebhookRow({ hook, onEdit }: { hook: Webhook; onEdit: () => void }) {
  const { t } = useTranslation('webhooks');
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const test = useTestWebhook();
  const remove = useDeleteWebhook();
  const runTest = async () => {
    try {
      const d = await test.mutateAsync(hook.id);
      setResult(
        d.status === 'succeeded'
          ? { ok: true, text: t('test.ok', { code: d.response_code, ms: d.duration_ms }) }
          : { ok: false, text: t('test.failed', { error: d.error ?? '' }) },
      );
    } catch (err) {
      setResult({ ok: false, text: problemMessage(t, err) });
    }
  };
  const askDelete = () =>
    void confirmDialog({
      title: t('delete.title'),
      message: t('delete.message', { url: hook.url }),
      confirmLabel: t('delete.confirm'),
      cancelLabel: t('form.cancel'),
      color: 'red',
      action: async () => {
        try {
          await remove.mutateAsync(hook.id);
          notify('green', t('delete.done'));
        } catch (err) {
          notify('warning', problemMessage(t, err));
        }
      },
    });
  return (
    <Card withBorder padding="sm" data-testid={`webhook-${hook.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={500} truncate="end">
              {hook.url}
            </Text>
            <Text size="xs" c="dimmed">
              {hook.description || t('list.noDescription')} ·{' '}
              {t('list.events', { count: hook.events.length })} ·{' '}
              {hook.format === 'slack' ? t('form.formatSlack') : t('form.formatStandard')}
            </Text>
          </Stack>
          <Badge color={hook.enabled ? 'green' : 'red'} variant="light">
            {hook.enabled
              ? t('list.on')
              : hook.disabled_reason === 'failing'
                ? t('list.offFailing')
                : t('list.off')}
          </Badge>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={onEdit}>
            {t('list.edit')}
          </Button>
          <Button size="xs" variant="light" loading={test.isPending} onClick={() => void runTest()}>
            {t('test.button')}
          </Button>
          <Button size="xs" variant="light" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? t('log.hide') : t('log.show')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={askDelete}>
            {t('delete.button')}
          </Button>
        </Group>
        {result && (
          <Alert color={result.ok ? 'green' : 'red'} role="status" data-testid="webhook-test-result">
            {result.text}
          </Alert>
        )}
        {open && <WebhookDeliveries webhookId={hook.id} enabled={hook.enabled} />}
      </Stack>
    </Card>
  );
}

/** Settings → Webhooks: the endpoints, the events picker, the secret once, a test, the delivery log. */
export function WebhooksCard() {
  const { t } = useTranslation('webhooks');
  const hooks = useWebhooks();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const list = hooks.data?.data ?? [];
  return (
    <Card withBorder data-testid="webhooks-settings">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('title')}
          </Title>
          <Button size="xs" onClick={() => setDraft(emptyDraft())}>
            {t('list.add')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('text')}
        </Text>
        {hooks.isError && (
          <Alert color="red" role="alert">
            {problemMessage(t, hooks.error)}
          </Alert>
        )}
        {hooks.isSuccess && !list.length && (
          <Text size="sm" data-testid="webhooks-empty">
            {t('list.empty')}
          </Text>
        )}
        {list.map((hook) => (
          <WebhookRow
            key={hook.id}
            hook={hook}
            onEdit={() =>
              setDraft({
                id: hook.id,
                url: hook.url,
                description: hook.description,
                events: hook.events,
                format: hook.format,
                enabled: hook.enabled,
              })
            }
          />
        ))}
      </Stack>
      <Modal
        opened={draft !== null}
        onClose={() => setDraft(null)}
        title={draft?.id === undefined ? t('form.createTitle') : t('form.editTitle')}
        size="lg"
      >
        {draft && <WebhookForm draft={draft} onClose={() => setDraft(null)} onCreated={setSecret} />}
      </Modal>
      <WebhookSecretDialog secret={secret} onClose={() => setSecret(null)} />
    </Card>
  );
}

/** Settings → Webhooks on the admin's settings page (another feature's page): loads the texts first. */
export function WebhooksSection() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void ensureNamespace('webhooks').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready ? <WebhooksCard /> : null;
}
