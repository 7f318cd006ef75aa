import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatUserCode, normalizeUserCode } from '@vahub/shared/auth/device';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDecideDevice, usePendingDevice } from '../../features/devices/api/devices';
import { problemMessage } from '../../lib/form-errors';

/**
 * `/device` (RFC 8628's verification page, issue 32): the VA enters the code their computer shows (or arrives with
 * it in the link), sees which computer asks, and approves or denies. Signed-out visitors sign in first.
 */
export function DevicePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const fromLink = params.get('user_code');
  const code = fromLink ? normalizeUserCode(fromLink) : null;
  const [typed, setTyped] = useState(fromLink ? formatUserCode(fromLink) : '');
  const [inputError, setInputError] = useState<string | null>(null);
  const [result, setResult] = useState<'approved' | 'denied' | null>(null);
  const pending = usePendingDevice(code && !result ? code : null);
  const decide = useDecideDevice();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = normalizeUserCode(typed);
    if (!value) {
      setInputError(t('device.codeRequired'));
      return;
    }
    setInputError(null);
    setParams({ user_code: formatUserCode(value) }, { replace: true });
  };

  const answer = async (approve: boolean) => {
    if (!code) return;
    await decide.mutateAsync({ user_code: code, approve }).then(
      () => setResult(approve ? 'approved' : 'denied'),
      () => {},
    );
  };

  return (
    <Paper withBorder p="xl" radius="md" maw={480} mx="auto">
      <Stack>
        <Title order={1} size="h3">
          {t('device.title')}
        </Title>
        {result ? (
          <Alert color={result === 'approved' ? 'green' : 'gray'} role="status">
            {t(result === 'approved' ? 'device.approved' : 'device.denied')}
          </Alert>
        ) : code && pending.data ? (
          <>
            <Text fw={600}>
              {t('device.connect', {
                name: pending.data.device_name ?? t('device.unnamed'),
                system: pending.data.device_system ?? t('device.unknownSystem'),
              })}
            </Text>
            <Text size="sm">{t('device.checkCode', { code: pending.data.user_code })}</Text>
            <Text size="sm" c="dimmed">
              {t('device.explain')}
            </Text>
            {decide.error ? (
              <Alert color="red" role="alert">
                {problemMessage(t, decide.error)}
              </Alert>
            ) : null}
            <Group>
              <Button onClick={() => void answer(true)} loading={decide.isPending}>
                {t('device.approve')}
              </Button>
              <Button variant="default" onClick={() => void answer(false)} disabled={decide.isPending}>
                {t('device.deny')}
              </Button>
            </Group>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <Text size="sm">{t('device.enterCode')}</Text>
              {code && pending.error ? (
                <Alert color="red" role="alert">
                  {problemMessage(t, pending.error)}
                </Alert>
              ) : null}
              <TextInput
                label={t('device.codeLabel')}
                value={typed}
                onChange={(e) => setTyped(e.currentTarget.value)}
                error={inputError}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={20}
                data-autofocus
              />
              <Button type="submit" loading={Boolean(code) && pending.isLoading}>
                {t('device.continue')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
