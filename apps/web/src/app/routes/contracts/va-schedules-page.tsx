import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title';
import { useVaContracts } from '../../../features/contracts/api/contracts';
import { VaCalendar } from '../../../features/contracts/components/va-calendar';
import { useViewerTimezone } from './viewer';

/** VA `schedules`: their shifts on a calendar, on their own clock, with the clients' names. */
export function VaSchedulesPage() {
  const { t } = useTranslation('contracts');
  const viewerTz = useViewerTimezone();
  const contracts = useVaContracts();
  return (
    <>
      <PageTitle title={t('pages.mySchedule')} text={t('pages.myScheduleText')} />
      {contracts.isPending ? (
        <Loader aria-label={t('common:loading')} />
      ) : (
        <VaCalendar contracts={contracts.data?.data ?? []} vaTimezone={viewerTz} />
      )}
    </>
  );
}
