import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { DashboardRole } from '@vahub/shared/auth/roles';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { dashboardPath } from '../../../config/paths';
import type { ScreenshotArea } from '../../../features/screenshots/api/filters';
import { problemMessage } from '../../../lib/form-errors';
import { dashboardRoleOfPath } from '../../gate';

export const areaOfRole = (role: DashboardRole | null): ScreenshotArea =>
  role === 'manager' ? 'manager' : role === 'client' ? 'client' : 'admin';

/** The area of the API a dashboard path reads (loaders read it from the request's URL). */
export const areaOfPath = (pathname: string): ScreenshotArea => areaOfRole(dashboardRoleOfPath(pathname));

/** The dashboard the page is in, and the API area it reads. */
export function useScreenshotArea(): { role: DashboardRole; area: ScreenshotArea } {
  const { pathname } = useLocation();
  const role = dashboardRoleOfPath(pathname) ?? 'admin';
  return { role, area: areaOfRole(role) };
}

/** A VA's page in each dashboard (as the attendance lists link them). */
export const vaPageHref = (area: ScreenshotArea, vaId: number): string =>
  area === 'admin'
    ? dashboardPath('admin', `users/${vaId}`)
    : area === 'manager'
      ? dashboardPath('manager', `users/${vaId}`)
      : dashboardPath('client', `virtual-assistants/profile/${vaId}`);

/** A failed read: the reason in the user's language and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('screenshots');
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('errors.title')}
      mb="md"
      data-testid="load-error"
    >
      <Text size="sm" mb="xs">
        {problemMessage(t, error)}
      </Text>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {t('errors.retry')}
      </Button>
    </Alert>
  );
}
