import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title';
import { AnalysePanel } from '../../../features/ai/components/analyse-panel';
import { useVaShifts } from '../../../features/attendance/api/va-shifts';

/** The VA's view: every AI result about their recent shifts, with "Add a note". */
export function VaAiReportsPage() {
  const { t } = useTranslation('ai');
  const shifts = useVaShifts('passed', { weeks: 2 }, 1);
  const list = (shifts.data?.data ?? []).filter((s) => s.status !== 'upcoming');
  return (
    <Stack>
      <PageTitle title={t('va.title')} />
      <Text c="dimmed">{t('va.text')}</Text>
      {list.map((s) => (
        <Stack key={s.id} gap="xs">
          <Title order={2} size="h5">
            {s.date}
          </Title>
          <AnalysePanel attendanceId={s.id} area="va" />
        </Stack>
      ))}
    </Stack>
  );
}
