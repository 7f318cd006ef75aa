import { Group, SegmentedControl } from '@mantine/core';
import { can } from '@vahub/shared/auth/permissions';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../../../components/lists/list-pagination';
import { PageTitle } from '../../../components/ui/page-title';
import { type OnlineState, useOnline } from '../../../features/attendance/api/lists';
import { useAttendanceLive } from '../../../features/attendance/api/live';
import { ForceLogoutButton } from '../../../features/attendance/components/force-logout-button';
import { OnlineTable } from '../../../features/attendance/components/online-table';
import { TakeScreenshotButton } from '../../../features/screenshots/components/take-screenshot-button';
import { useMe } from '../../../lib/me';
import { ONLINE_STATES, onlineParamsOf } from './online-pages-params';
import { LoadError, useAttendanceArea, useViewerTimezone, vaPageHref } from './shared';

/**
 * Who is on shift now, live over the socket: `virtual-assistants/online` (admin, manager, client) and the
 * admin's `virtual-assistants/idle`. Admins and managers can force a logout.
 */
function OnlineScreen({ fixed }: { fixed?: OnlineState }) {
  const { t } = useTranslation('attendance');
  const { area } = useAttendanceArea();
  const viewerTz = useViewerTimezone();
  const [params, setParams] = useSearchParams();
  const { state, page } = onlineParamsOf(params, fixed);
  const list = useOnline(area, state, page);
  useAttendanceLive();
  const me = useMe();
  const canTake = Boolean(me.data && can(me.data, 'screenshots.take'));
  const set = (next: { state?: OnlineState; page?: number }) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next.state) {
          if (next.state === 'all') p.delete('state');
          else p.set('state', next.state);
          p.delete('page');
        }
        if (next.page) p.set('page', String(next.page));
        return p;
      },
      { replace: true },
    );
  return (
    <>
      <PageTitle
        title={t(fixed === 'idle' ? 'pages.idle' : 'pages.online')}
        text={t(fixed === 'idle' ? 'pages.idleText' : `pages.onlineText.${area}`)}
      />
      {!fixed && (
        <SegmentedControl
          mb="md"
          aria-label={t('online.stateLabel')}
          value={state}
          onChange={(value) => set({ state: value as OnlineState })}
          data={ONLINE_STATES.map((s) => ({ value: s, label: t(`online.state.${s}`) }))}
        />
      )}
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      <OnlineTable
        rows={list.data?.data ?? []}
        pending={list.isPending && !list.isError}
        busy={list.isFetching}
        viewerTimezone={viewerTz}
        withClient={area !== 'client'}
        vaHref={vaPageHref(area)}
        empty={t(`online.empty.${state}`)}
        actions={
          area === 'client'
            ? undefined
            : (row) => (
                <Group gap="xs" wrap="nowrap">
                  {canTake && <TakeScreenshotButton area={area} va={row.va} iconOnly />}
                  <ForceLogoutButton area={area} va={row.va} attendanceId={row.attendance.id} />
                </Group>
              )
        }
      />
      <ListPagination meta={list.data?.meta} onPage={(p) => set({ page: p })} />
    </>
  );
}

export function OnlinePage() {
  return <OnlineScreen />;
}

export function IdlePage() {
  return <OnlineScreen fixed="idle" />;
}
