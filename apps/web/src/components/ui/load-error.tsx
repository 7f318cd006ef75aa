import { Alert, Button, type MantineSpacing, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../../lib/form-errors';

/**
 * A failed read: the reason in the user's language and a way to try again. `ns` is the feature's
 * namespace, holding the title and the retry label (`errors.title` and `errors.retry` unless said).
 */
export function LoadError({
  error,
  onRetry,
  ns,
  icon,
  titleKey = 'errors.title',
  retryKey = 'errors.retry',
  mb = 'md',
  role,
}: {
  error: unknown;
  onRetry: () => void;
  ns: string;
  icon?: ReactNode;
  titleKey?: string;
  retryKey?: string;
  mb?: MantineSpacing | 0;
  role?: 'alert';
}) {
  const { t } = useTranslation(ns);
  return (
    <Alert
      color="red"
      variant="light"
      icon={icon}
      title={t(titleKey)}
      mb={mb}
      role={role}
      data-testid="load-error"
    >
      <Text size="sm" mb="xs">
        {problemMessage(t, error)}
      </Text>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {t(retryKey)}
      </Button>
    </Alert>
  );
}
