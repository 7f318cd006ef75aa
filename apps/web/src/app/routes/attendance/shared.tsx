import { Alert, Button, Text } from '@mantine/core';
import type { DashboardRole } from '@vahub/shared/auth/roles';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { dashboardPath } from '../../../config/paths';
import type { Area } from '../../../features/attendance/api/filters';
import { useMe } from '../../../features/auth/api/me';
import { problemMessage } from '../../../lib/form-errors';
import { dashboardRoleOfPath } from '../../gate';

/** The dashboard the page is in, the attendance area it reads, and links within that dashboard. */
export function useAttendanceArea(): { role: DashboardRole; area: Area; href: (sub: string) => string } {
  const { pathname } = useLocation();
  const role = dashboardRoleOfPath(pathname) ?? 'admin';
  const area: Area = role === 'manager' ? 'manager' : role === 'client' ? 'client' : 'admin';
  return { role, area, href: (sub: string) => dashboardPath(role, sub) };
}

/** The viewer's own zone: their profile's, else the browser's (every time on these pages is shown in it). */
export function useViewerTimezone(): string {
  const me = useMe();
  return me.data?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A failed read: the reason in the user's language and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('attendance');
  return (
    <Alert color="red" variant="light" title={t('errors.title')} mb="md" data-testid="load-error">
      <Text size="sm" mb="xs">
        {problemMessage(t, error)}
      </Text>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {t('errors.retry')}
      </Button>
    </Alert>
  );
}

/** A VA's page in each dashboard: the admin's user page (attendance tab), a manager's user page, a client's VA profile. */
export const vaPageHref =
  (area: Area) =>
  (vaId: number): string =>
    area === 'admin'
      ? dashboardPath('admin', `users/${vaId}/attendance`)
      : area === 'manager'
        ? dashboardPath('manager', `users/${vaId}`)
        : dashboardPath('client', `virtual-assistants/profile/${vaId}`);
