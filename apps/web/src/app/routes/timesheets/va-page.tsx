import { Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/lists/list-pagination';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageTitle } from '../../../components/ui/page-title';
import { EarningsCard } from '../../../features/money/components/earnings-card';
import { WithMoneyTexts } from '../../../features/money/components/money-texts';
import { periodOf, VA_WEEKS } from '../../../features/timesheets/api/filters';
import { useOwnTimesheets, useOwnWeeks, useReply } from '../../../features/timesheets/api/queries';
import { TimesheetsTable } from '../../../features/timesheets/components/timesheets-table';
import { VaWeekCard } from '../../../features/timesheets/components/va-week-card';
import { notify } from '../../../lib/notify';
import { useUrlParams } from '../../../lib/url-params';
import { useViewerZone } from '../insights/viewer';
import { LoadError } from './shared';

/**
 * The VA's `timesheets`: their weeks per client with the client's sign-off (a dispute shows the client's
 * comment and a reply form), and their timesheets of the month so far (`?from=&to=`) with totals.
 */
export function VaTimesheetsPage() {
  const { t } = useTranslation('timesheets');
  const { today } = useViewerZone();
  const { params, page, update } = useUrlParams();
  const period = useMemo(() => periodOf(params, today), [params, today]);
  const weeks = useOwnWeeks({ weeks: VA_WEEKS, per_page: 50 });
  const list = useOwnTimesheets({ start_date: period.from, end_date: period.to, page });
  const reply = useReply();
  const weekList = weeks.data?.data ?? [];
  return (
    <>
      <PageTitle title={t('va.title')} text={t('va.text')} />
      <Stack gap="lg">
        <WithMoneyTexts>
          <EarningsCard />
        </WithMoneyTexts>
        <section aria-labelledby="va-weeks">
          <Title order={2} size="h4" mb="sm" id="va-weeks">
            {t('va.weeks')}
          </Title>
          {weeks.isError && <LoadError error={weeks.error} onRetry={() => void weeks.refetch()} />}
          {weeks.isPending ? (
            <Loader aria-label={t('common:loading')} />
          ) : weekList.length === 0 && !weeks.isError ? (
            <EmptyState>{t('va.emptyWeeks', { count: VA_WEEKS })}</EmptyState>
          ) : (
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              {weekList.map((week) => (
                <VaWeekCard
                  key={`${week.client.id}-${week.week_start}`}
                  week={week}
                  onReply={async (comment) => {
                    await reply.mutateAsync({
                      client_id: week.client.id,
                      week_start: week.week_start,
                      comment,
                    });
                    notify('green', t('va.replied'));
                  }}
                />
              ))}
            </SimpleGrid>
          )}
        </section>
        <section aria-labelledby="va-list">
          <Title order={2} size="h4" mb="sm" id="va-list">
            {t('va.list', { from: period.from, to: period.to })}
          </Title>
          {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
          <TimesheetsTable
            rows={list.data?.data ?? []}
            totals={list.data?.meta.totals}
            pending={list.isPending}
            busy={list.isFetching}
            empty={t('list.empty')}
            showVa={false}
          />
          <ListPagination meta={list.data?.meta} onPage={(p) => update({ page: p })} />
        </section>
      </Stack>
    </>
  );
}
