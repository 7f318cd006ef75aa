import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { markFirstPageShown, removeBootBar } from '../../lib/first-page';

/** Error boundary content: a friendly message and a retry, never a white screen. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  // An error in place of the first page still lets the overlays load (`lib/first-page.ts`).
  useEffect(markFirstPageShown, []);
  useLayoutEffect(removeBootBar, []);
  if (import.meta.env.DEV) console.error(error);
  return (
    <Center p="xl" mih={300}>
      <Stack align="center" gap="sm" role="alert">
        <Title order={1} size="h2">
          {t('errors.title')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('errors.message')}
        </Text>
        <Button onClick={() => window.location.reload()}>{t('common:retry')}</Button>
      </Stack>
    </Center>
  );
}
