import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { CreatedToken, TokenScope } from '@vahub/shared/tokens/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemFieldErrors, problemMessage } from '../../../lib/form-errors';
import { useCreateApiToken } from '../api/integrations';

const EXPIRIES = ['30', '90', '365', 'never'] as const;
type Expiry = (typeof EXPIRIES)[number];

const DAY = 86_400_000;

/**
 * Profile → API tokens → "New token": a name, the scopes, an expiry; then the token itself, shown this once with
 * a copy button (the server keeps only its hash).
 */
export function TokenDialog({
  opened,
  onClose,
  now = () => new Date(),
}: {
  opened: boolean;
  onClose: () => void;
  now?: () => Date;
}) {
  const { t } = useTranslation('integrations');
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['read']);
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<CreatedToken | null>(null);

  const close = () => {
    setName('');
    setScopes(['read']);
    setExpiry('90');
    setErrors({});
    setCreated(null);
    create.reset();
    onClose();
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = t('tokens.nameRequired');
    if (!scopes.length) local.scopes = t('tokens.scopesRequired');
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      const expires_at =
        expiry === 'never' ? null : new Date(now().getTime() + Number(expiry) * DAY).toISOString();
      setCreated(await create.mutateAsync({ name: name.trim(), scopes, expires_at }));
    } catch (err) {
      const fields = problemFieldErrors(t, err);
      setErrors(Object.keys(fields).length ? fields : { form: problemMessage(t, err) });
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? t('tokens.createdTitle') : t('tokens.newTitle')}
      size="lg"
    >
      {created ? (
        <Stack>
          <Alert color="yellow" role="alert" title={t('tokens.onceTitle')}>
            {t('tokens.once')}
          </Alert>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={t('tokens.token')}
              value={created.token}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              style={{ flex: 1 }}
              data-testid="new-token"
            />
            <CopyButton value={created.token}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'green' : undefined}
                  onClick={copy}
                >
                  {copied ? t('copied') : t('copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">
            {t('tokens.useIt')} <Code>Authorization: Bearer {created.prefix}…</Code>
          </Text>
          <Group justify="flex-end">
            <Button onClick={close}>{t('tokens.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('tokens.name')}
              description={t('tokens.nameHint')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              required
              data-autofocus
            />
            <Checkbox.Group
              label={t('tokens.scopes')}
              value={scopes}
              onChange={(v) => setScopes(v as TokenScope[])}
              error={errors.scopes}
              required
            >
              <Stack gap={6} mt={6}>
                <Checkbox value="read" label={t('tokens.scopeRead')} />
                <Checkbox value="write" label={t('tokens.scopeWrite')} />
              </Stack>
            </Checkbox.Group>
            <Select
              label={t('tokens.expiry')}
              value={expiry}
              onChange={(v) => v && setExpiry(v as Expiry)}
              data={EXPIRIES.map((e) => ({ value: e, label: t(`tokens.expiries.${e}`) }))}
              error={errors.expires_at}
              allowDeselect={false}
            />
            {errors.form && (
              <Alert color="red" role="alert">
                {errors.form}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('tokens.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
