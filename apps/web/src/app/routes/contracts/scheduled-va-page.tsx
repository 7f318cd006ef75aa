import '@mantine/dates/styles.css';
import { Group, Loader, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { localDate } from '@vahub/shared/time/zoned';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../../../components/lists/list-pagination';
import { PageTitle } from '../../../components/ui/page-title';
import { useScheduledOn } from '../../../features/contracts/api/schedules';
import { ScheduledTable } from '../../../features/contracts/components/scheduled-table';
import { DATE_PICKER_DEFAULTS } from '../../../lib/format/calendar';
import { useViewerTimezone } from './viewer';

/** Admin `virtual-assistants/scheduled-va`: who works on a date (default today), in both parties' time. */
export function ScheduledVaPage() {
  const { t } = useTranslation('contracts');
  const viewerTz = useViewerTimezone();
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? localDate(new Date(), viewerTz);
  const page = Number(params.get('page') ?? 1);
  const shifts = useScheduledOn(date, page);
  return (
    <>
      <PageTitle title={t('pages.scheduledVa')} text={t('pages.scheduledVaText')} />
      <Stack gap="md">
        <Group>
          <DateInput
            label={t('scheduled.date')}
            value={date}
            valueFormat="YYYY-MM-DD"
            onChange={(v) => v && setParams({ date: v }, { replace: true })}
            minDate={DATE_PICKER_DEFAULTS.minDate}
            maxDate={DATE_PICKER_DEFAULTS.maxDate}
            firstDayOfWeek={DATE_PICKER_DEFAULTS.firstDayOfWeek}
            w={200}
          />
        </Group>
        {shifts.isPending ? (
          <Loader aria-label={t('common:loading')} />
        ) : (
          <ScheduledTable shifts={shifts.data?.data ?? []} />
        )}
        <ListPagination
          meta={shifts.data?.meta}
          onPage={(p) => setParams({ date, page: String(p) }, { replace: true })}
        />
      </Stack>
    </>
  );
}
