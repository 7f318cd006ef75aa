import { Alert, Button, Group, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../../../lib/form-errors';

/** The h1 of an insights page, a line under it, and controls on the right. */
export function PageTitle({
  title,
  text,
  actions,
}: {
  title: string;
  text?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
      <div>
        <Title order={1} size="h2" mb={4}>
          {title}
        </Title>
        {text && <Text c="dimmed">{text}</Text>}
      </div>
      {actions}
    </Group>
  );
}

/** A failed read: what went wrong in the user's language, and a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('attendance-insights');
  return (
    <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={t('error.title')} role="alert">
      <Text size="sm" mb="sm">
        {problemMessage(t, error)}
      </Text>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {t('common:retry')}
      </Button>
    </Alert>
  );
}
