import { Button, Stack, Tabs } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ListPagination } from '../../../components/lists/list-pagination';
import { PageTitle } from '../../../components/ui/page-title';
import { filterQueryOf, timesheetFiltersOf } from '../../../features/timesheets/api/filters';
import { timesheetApi, useTimesheets, useWeeks } from '../../../features/timesheets/api/queries';
import { TimesheetsList } from '../../../features/timesheets/components/timesheets-list';
import { WeeksTable } from '../../../features/timesheets/components/weeks-table';
import { fetchFile, saveFile } from '../../../lib/api-client';
import { problemMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { usePeopleOptions, useTeamOptions } from '../../../lib/pickers';
import { useUrlParams } from '../../../lib/url-params';
import { useViewerZone } from '../insights/viewer';
import { LoadError, timesheetHref, useTimesheetArea } from './shared';

/** How many past weeks the sign-off tab shows. */
const SIGN_OFF_WEEKS = 8;

function usePickers(withVa: boolean) {
  const { area } = useTimesheetArea();
  const vas = usePeopleOptions(area, 'va', withVa);
  const clients = usePeopleOptions(area, 'client', area !== 'client');
  const teams = useTeamOptions(area !== 'client');
  return { vas: vas.data ?? [], clients: clients.data ?? [], teams: teams.data ?? [] };
}

/** The "Client sign-off" tab: each VA's weeks per client and where the sign-off stands (filters: VA, client). */
function SignOffTab() {
  const { t } = useTranslation('timesheets');
  const { area } = useTimesheetArea();
  const { id, get, page, update } = useUrlParams();
  const status = get('client_status');
  const weeks = useWeeks(area, {
    weeks: SIGN_OFF_WEEKS,
    va_id: id('va'),
    client_id: id('client'),
    client_status:
      status === 'waiting' || status === 'approved' || status === 'disputed' ? status : undefined,
    page,
    per_page: 25,
  });
  return (
    <Stack gap="md">
      {weeks.isError && <LoadError error={weeks.error} onRetry={() => void weeks.refetch()} />}
      <WeeksTable
        weeks={weeks.data?.data ?? []}
        pending={weeks.isPending}
        busy={weeks.isFetching}
        empty={t('weeks.empty', { count: SIGN_OFF_WEEKS })}
      />
      <ListPagination meta={weeks.data?.meta} onPage={(p) => update({ page: p })} />
    </Stack>
  );
}

/**
 * `reports/timesheets` of the admin and a manager (their scope): the filtered timesheets with their totals,
 * export and quick decisions; a second tab with the clients' sign-off of each week.
 */
export function TimesheetsPage() {
  const { t } = useTranslation('timesheets');
  const { role, area } = useTimesheetArea();
  const { today } = useViewerZone();
  const { params, get, update } = useUrlParams();
  const filters = useMemo(() => timesheetFiltersOf(params, area, today), [params, area, today]);
  const options = usePickers(true);
  const tab = get('tab') === 'sign-off' ? 'sign-off' : 'timesheets';
  return (
    <>
      <PageTitle title={t('list.title')} text={t(`list.text.${area}`)} />
      <Tabs value={tab} onChange={(next) => update({ tab: next === 'sign-off' ? next : null, page: null })}>
        <Tabs.List aria-label={t('tabs.label')} mb="md">
          <Tabs.Tab value="timesheets">{t('tabs.timesheets')}</Tabs.Tab>
          <Tabs.Tab value="sign-off">{t('tabs.signOff')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="timesheets">
          {tab === 'timesheets' && (
            <TimesheetsList
              area={area}
              role={role}
              filters={filters}
              today={today}
              options={options}
              update={update}
              hrefOf={(row) => timesheetHref(role, row.id)}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="sign-off">{tab === 'sign-off' && <SignOffTab />}</Tabs.Panel>
      </Tabs>
    </>
  );
}

/** "Download PDF": one VA's printable timesheet of the chosen period (with a signature line). */
function PdfButton({ vaId, from, to }: { vaId: number; from: string; to: string }) {
  const { t } = useTranslation('timesheets');
  const { area } = useTimesheetArea();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const query = { va_id: vaId, start_date: from, end_date: to, format: 'pdf' as const };
      saveFile(await fetchFile(timesheetApi[area].export, { query }));
    } catch (error) {
      notify('warning', problemMessage(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={16} aria-hidden />}
      loading={busy}
      onClick={() => void download()}
    >
      {t('user.pdf')}
    </Button>
  );
}

/** `reports/timesheets/user/:id`: one VA's timesheets over the period, with "Download PDF". */
export function UserTimesheetsPage() {
  const { t } = useTranslation('timesheets');
  const { role, area } = useTimesheetArea();
  const { today } = useViewerZone();
  const { params, update } = useUrlParams();
  const vaId = Number(useParams().id);
  const valid = Number.isInteger(vaId) && vaId > 0;
  const filters = useMemo(
    () => timesheetFiltersOf(params, area, today, valid ? vaId : undefined),
    [params, area, today, vaId, valid],
  );
  const options = usePickers(false);
  // The name comes with the rows; an empty period asks the VA picker's list.
  const list = useTimesheets(area, filters);
  const vas = usePeopleOptions(area, 'va', valid && list.isSuccess && list.data.data.length === 0);
  const name =
    list.data?.data[0]?.va.name ??
    vas.data?.find((o) => o.value === String(vaId))?.label ??
    t('user.fallback');
  const query = filterQueryOf(filters);
  return (
    <>
      <PageTitle
        title={t('user.title', { name })}
        text={t('user.text', { from: filters.from, to: filters.to })}
        actions={valid ? <PdfButton vaId={vaId} from={query.start_date} to={query.end_date} /> : undefined}
      />
      <TimesheetsList
        area={area}
        role={role}
        filters={filters}
        today={today}
        options={options}
        update={update}
        hrefOf={(row) => timesheetHref(role, row.id)}
        fixedVa
      />
    </>
  );
}
