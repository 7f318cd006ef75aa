import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../../../lib/form-errors';

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
