import { Loader, Stack, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageTitle } from '../../../components/ui/page-title';
import { resultsQuery } from '../../../features/ai/api/ai';
import { ResultCard } from '../../../features/ai/components/result-card';
import { useVaShifts } from '../../../features/attendance/api/va-shifts';

/** The VA's view: every AI result about their shifts of the last two weeks, with "Add a note". */
export function VaAiReportsPage() {
  const { t } = useTranslation('ai');
  const shifts = useVaShifts('passed', { weeks: 2 }, 1);
  const list = (shifts.data?.data ?? []).filter((s) => s.status !== 'upcoming');
  const results = useQueries({ queries: list.map((s) => resultsQuery('va', s.id)) });
  const loading = shifts.isPending || results.some((r) => r.isPending);
  // Only the shifts something was written about: a page of "no analysis yet" would hide the one that matters.
  const analysed = list
    .map((shift, i) => ({ shift, results: results[i]?.data?.data ?? [] }))
    .filter((s) => s.results.length > 0);
  return (
    <Stack>
      <PageTitle title={t('va.title')} text={t('va.text')} />
      {loading ? (
        <Loader size="sm" aria-label={t('loading')} />
      ) : analysed.length === 0 ? (
        <EmptyState>{t('va.none')}</EmptyState>
      ) : (
        analysed.map(({ shift, results: rows }) => (
          <Stack key={shift.id} gap="xs" data-testid="ai-panel">
            <Title order={2} size="h4">
              {shift.date}
            </Title>
            {rows.map((r) => (
              <ResultCard key={r.id} result={r} area="va" />
            ))}
          </Stack>
        ))
      )}
    </Stack>
  );
}
