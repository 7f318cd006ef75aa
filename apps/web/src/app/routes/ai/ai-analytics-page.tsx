import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { AiReport } from '@vahub/shared/ai/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageTitle } from '../../../components/ui/page-title';
import { type PeriodArea, useGenerateReport, useReports } from '../../../features/ai/api/ai';
import { BatchesCard } from '../../../features/ai/components/batches-card';
import { AiMarkdown, ClaimsList, SignalsList } from '../../../features/ai/components/evidence-view';
import {
  GenerateButton,
  LiveReport,
  PeriodForm,
  periodBody,
  usePeriodChoice,
  useReportStream,
} from '../../../features/ai/components/report-composer';
import { StatusBadge } from '../../../features/ai/components/result-card';

function ReportView({ report, area: role }: { report: AiReport; area: PeriodArea }) {
  const { t } = useTranslation('ai');
  return (
    <Card withBorder data-testid="ai-report">
      <Stack gap="xs">
        <Group gap="xs">
          <StatusBadge status={report.status} />
          <Text size="sm" c="dimmed">
            {report.start_date} – {report.end_date} · {report.model ?? '—'}
          </Text>
        </Group>
        {report.error && (
          <Text c="red" size="sm">
            {report.error}
          </Text>
        )}
        {report.markdown && <AiMarkdown source={report.markdown} area={role} />}
        <SignalsList signals={report.signals} area={role} />
        <ClaimsList claims={report.claims} area={role} />
        {report.dropped_claims > 0 && (
          <Text size="xs" c="dimmed">
            {t('result.dropped', { count: report.dropped_claims })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function AnalyticsPage({ area: role }: { area: PeriodArea }) {
  const { t } = useTranslation('ai');
  const [period, setPeriod] = usePeriodChoice();
  const generate = useGenerateReport(role);
  const reports = useReports(role);
  const [current, setCurrent] = useState<number | null>(null);
  const live = useReportStream(current);
  const list = reports.data?.data ?? [];
  const shown = list.find((r) => r.id === current) ?? null;
  return (
    <Stack>
      <PageTitle title={t('page.title')} text={t('page.text')} />
      <Card withBorder>
        <Stack>
          <PeriodForm area={role} value={period} onChange={setPeriod} />
          <Group>
            <GenerateButton
              loading={generate.isPending}
              onClick={() => generate.mutate(periodBody(period), { onSuccess: (r) => setCurrent(r.id) })}
            />
            {generate.error && (
              <Text c="red" size="sm">
                {generate.error.message}
              </Text>
            )}
          </Group>
        </Stack>
      </Card>
      {current !== null && (!shown || shown.status === 'queued' || shown.status === 'running') && (
        <LiveReport text={live.text} status={live.status} />
      )}
      {shown && shown.status !== 'queued' && shown.status !== 'running' && (
        <ReportView report={shown} area={role} />
      )}
      <Title order={2} size="h4">
        {t('report.past')}
      </Title>
      {reports.isSuccess && list.length === 0 ? (
        <EmptyState>{t('report.none')}</EmptyState>
      ) : (
        <Table data-testid="ai-reports">
          <Table.Tbody>
            {list.map((r) => {
              const period = `${r.start_date} – ${r.end_date}`;
              return (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      aria-label={t('report.open', { period })}
                      onClick={() => setCurrent(r.id)}
                    >
                      {period}
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={r.status} />
                  </Table.Td>
                  <Table.Td>{r.model ?? '—'}</Table.Td>
                  <Table.Td>{new Date(r.created_at).toLocaleString()}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <BatchesCard area={role} period={period} />
    </Stack>
  );
}

export const AdminAiAnalyticsPage = () => <AnalyticsPage area="admin" />;
export const ClientAiAnalyticsPage = () => <AnalyticsPage area="client" />;
