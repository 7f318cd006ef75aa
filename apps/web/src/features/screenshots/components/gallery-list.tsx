import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import type { Capture, Day, Shot } from './grouping';
import { HoursView } from './hours-view';

/** The parts of an infinite screenshots query the list shows. */
export interface PagedRead {
  isError: boolean;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/**
 * A screenshots list read page by page (the gallery, the VA's own page): a failed read with a retry, a
 * skeleton while the first page loads, `empty` when nothing matches, else the captures by day and hour,
 * then how many are shown of how many and "Load more".
 */
export function GalleryList<T extends Shot>({
  list,
  days,
  shown,
  total,
  zone,
  empty,
  who,
  renderCapture,
  skeletons,
}: {
  list: PagedRead;
  days: Day<T>[];
  shown: number;
  total: number;
  zone: string;
  empty: ReactNode;
  who?: (vaId: number) => ReactNode;
  renderCapture: (capture: Capture<T>) => ReactNode;
  /** How many capture-high placeholders while loading. */
  skeletons: number;
}) {
  const { t } = useTranslation('screenshots');
  return (
    <>
      {list.isError && (
        <LoadError
          ns="screenshots"
          icon={<IconAlertTriangle aria-hidden />}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.isPending && !list.isError ? (
        <Stack gap="sm" data-testid="gallery-loading">
          <Skeleton height={24} width={240} />
          {Array.from({ length: skeletons }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, never reordered
            <Skeleton key={i} height={160} />
          ))}
        </Stack>
      ) : shown === 0 && !list.isError ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <div aria-busy={list.isFetching}>
          <HoursView days={days} zone={zone} who={who} renderCapture={renderCapture} />
        </div>
      )}
      {shown > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="gallery-range">
            {t('gallery.shown', { shown, total })}
          </Text>
          {list.hasNextPage && (
            <Button
              variant="default"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('gallery.loadMore')}
            </Button>
          )}
        </Group>
      )}
    </>
  );
}
