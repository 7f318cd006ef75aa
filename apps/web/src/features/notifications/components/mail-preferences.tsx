import { Alert, Loader, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import type { MailEvent } from '@vahub/shared/notifications/schemas';
import { type ReactNode, Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../../../lib/form-errors';
import { ensureNamespace, i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { usePreferences } from '../api/preferences';
import { useUpdatePreference } from '../api/update-preferences';
import { mailEventsFor } from './mail-events';

function Switches({ events }: { events: MailEvent[] }) {
  const { t } = useTranslation('notifications');
  const prefs = usePreferences();
  const update = useUpdatePreference();

  const change = (event: MailEvent, on: boolean) =>
    update.mutate(
      { event, on },
      {
        onSuccess: () => notify('green', t(on ? 'prefs.savedOn' : 'prefs.savedOff')),
        onError: (error) => notify('warning', problemMessage(t, error)),
      },
    );

  if (prefs.isError)
    return (
      <Alert color="red" variant="light" title={t('errors.title')}>
        {problemMessage(t, prefs.error)}
      </Alert>
    );
  if (!prefs.data)
    return (
      <Stack gap="sm" data-testid="preferences-loading">
        {events.map((e) => (
          <Skeleton key={e} height={24} width={320} />
        ))}
      </Stack>
    );
  return (
    <Stack gap="sm">
      {events.map((event) => (
        <Switch
          key={event}
          label={t(`prefs.events.${event}`)}
          checked={prefs.data.mail[event]}
          onChange={(e) => change(event, e.currentTarget.checked)}
        />
      ))}
    </Stack>
  );
}

// The profile page belongs to the shell, which loads no feature texts: this section loads its own, once.
let texts: Promise<void> | undefined;
function Texts({ children }: { children: ReactNode }) {
  if (!i18n.hasResourceBundle('en', 'notifications')) {
    texts ??= ensureNamespace('notifications');
    use(texts);
  }
  return <>{children}</>;
}

/**
 * The profile's "Notifications" section: a switch per mailed event that can reach this person ("Email me
 * when…"), saved as soon as it moves, with a notification saying it was saved or why not.
 */
export function MailPreferences({ roles }: { roles: readonly string[] }) {
  const events = mailEventsFor(roles);
  if (events.length === 0) return null;
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
      <Texts>
        <Section events={events} />
      </Texts>
    </Suspense>
  );
}

function Section({ events }: { events: MailEvent[] }) {
  const { t } = useTranslation('notifications');
  return (
    <section aria-labelledby="notification-preferences">
      <Title order={2} size="h4" mb={4} id="notification-preferences">
        {t('prefs.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('prefs.text')}
      </Text>
      <Switches events={events} />
    </section>
  );
}
