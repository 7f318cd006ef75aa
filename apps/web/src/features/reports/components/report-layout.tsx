import { Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { PaginationMeta } from '@vahub/shared/api/problem';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/lists/list-pagination';
import { LoadError } from '../../../components/ui/load-error';
import { PageTitle } from '../../../components/ui/page-title';
import type { ParamPatch } from '../../../lib/url-params';
import { isNarrowed, type ReportArea, type ReportQuery } from '../api/params';
import type { ExportTarget } from '../api/reports';
import { ExportButtons } from './export-buttons';
import { ReportFilters } from './report-filters';

type Read = {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  data?: { data: unknown[]; meta: PaginationMeta & { period: { start_date: string; end_date: string } } };
};

/** The period a report shows: the URL's when it names both ends, else the one the server answered for. */
export function shownPeriod(
  query: ReportQuery,
  answered: { start_date: string; end_date: string } | undefined,
  fallback: { start_date: string; end_date: string },
) {
  if (query.start_date && query.end_date) return { start_date: query.start_date, end_date: query.end_date };
  return answered ?? fallback;
}

/**
 * Every report page's frame: title, filters, Export XLSX / CSV, the period in words, then the chart and the
 * table (or the reason the read failed, with a retry), and the pages of rows.
 */
export function ReportLayout({
  name,
  area,
  query,
  period,
  read,
  target,
  onChange,
  teams,
  chart,
  children,
}: {
  /** The texts' key (`attendance`, `daily`, `summary`, `teamSummary`). */
  name: string;
  area: ReportArea;
  query: ReportQuery;
  period: { start_date: string; end_date: string };
  read: Read;
  target: ExportTarget;
  onChange: (patch: ParamPatch) => void;
  teams?: boolean;
  /** Drawn once rows have arrived (nothing to draw for an empty period). */
  chart: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('reports');
  const hasRows = (read.data?.data.length ?? 0) > 0;
  return (
    <>
      <PageTitle
        title={t(`${name}.title`)}
        text={t(`${name}.text`)}
        actions={<ExportButtons target={target} query={query} />}
      />
      <Stack gap="md">
        <ReportFilters area={area} query={query} period={period} onChange={onChange} teams={teams} />
        <Text size="sm" c="dimmed" data-testid="report-period">
          {t('period', { from: period.start_date, to: period.end_date })}
        </Text>
        {read.isError ? (
          <LoadError
            ns="reports"
            titleKey="error.title"
            retryKey="error.retry"
            icon={<IconAlertTriangle aria-hidden />}
            error={read.error}
            onRetry={() => void read.refetch()}
            mb={0}
            role="alert"
          />
        ) : (
          <>
            {hasRows && chart}
            {children}
            <ListPagination meta={read.data?.meta} onPage={(page) => onChange({ page })} />
          </>
        )}
      </Stack>
    </>
  );
}

/** What an empty report says: nothing in the period, or nothing for these filters. */
export function useEmptyText(query: ReportQuery) {
  const { t } = useTranslation('reports');
  return isNarrowed(query) ? t('empty.filtered') : t('empty.period');
}
