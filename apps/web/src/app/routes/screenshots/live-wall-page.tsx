import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ListPagination } from '../../../components/lists/list-pagination';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageTitle } from '../../../components/ui/page-title';
import { useScreenshotsLive } from '../../../features/screenshots/api/live';
import { useLatest } from '../../../features/screenshots/api/queries';
import { LiveCard } from '../../../features/screenshots/components/live-card';
import classes from '../../../features/screenshots/components/screenshots.module.css';
import { useNow } from '../../../features/tracker/components/use-now';
import { useUrlParams } from '../../../lib/url-params';
import { useViewerZone } from '../insights/viewer';
import { LoadError, useScreenshotArea } from './shared';

/**
 * The client's `screenshots/online`: each of their VAs on shift now with the latest capture, presence, how
 * long ago, and "Take screenshot"; new captures, clock-ins and presence changes arrive over the socket.
 */
export function LiveWallPage() {
  const { t } = useTranslation('screenshots');
  const { area } = useScreenshotArea();
  const { zone } = useViewerZone();
  const { page, update } = useUrlParams();
  const latest = useLatest(area, page);
  useScreenshotsLive({ presence: true });
  const now = useNow(true, 30_000);
  const { pathname } = useLocation();
  const gallery = pathname.replace(/\/online\/?$/, '');
  const rows = latest.data?.data ?? [];
  return (
    <>
      <PageTitle title={t('live.title')} text={t('live.text')} />
      {latest.isError && <LoadError error={latest.error} onRetry={() => void latest.refetch()} />}
      {latest.isPending && !latest.isError ? (
        <div className={classes.wall} data-testid="live-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={260} radius="md" />
          ))}
        </div>
      ) : rows.length === 0 && !latest.isError ? (
        <EmptyState>{t('live.empty')}</EmptyState>
      ) : (
        <Stack gap="md">
          <div className={classes.wall} aria-busy={latest.isFetching}>
            {rows.map((item) => (
              <LiveCard
                key={item.attendance_id}
                area={area}
                item={item}
                zone={zone}
                now={now}
                href={(id) => `${gallery}/${id}`}
                onBroken={() => void latest.refetch()}
              />
            ))}
          </div>
          <ListPagination meta={latest.data?.meta} onPage={(p) => update({ page: p })} />
        </Stack>
      )}
    </>
  );
}
