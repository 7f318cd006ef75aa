import { Alert, Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../../lib/form-errors';

/**
 * A failed read: the reason in the user's language and a way to try again. `ns` is the feature's
 * namespace (its `errors.title` and `errors.retry`).
 */
export function LoadError({
  error,
  onRetry,
  ns,
  icon,
}: {
  error: unknown;
  onRetry: () => void;
  ns: 'attendance' | 'screenshots';
  icon?: ReactNode;
}) {
  const { t } = useTranslation(ns);
  return (
    <Alert color="red" variant="light" icon={icon} title={t('errors.title')} mb="md" data-testid="load-error">
      <Text size="sm" mb="xs">
        {problemMessage(t, error)}
      </Text>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {t('errors.retry')}
      </Button>
    </Alert>
  );
}
