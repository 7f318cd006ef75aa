import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { REPORT_FORMATS } from '@vahub/shared/timesheets/reports';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../../../lib/form-errors';
import type { ReportQuery } from '../api/params';
import { type ExportTarget, useReportExport } from '../api/reports';

/**
 * Export XLSX / CSV: the report's file with the filters on screen (the period, VA, client, team; every
 * page). The pressed button spins while the server streams the file; a failure says why under the buttons.
 */
export function ExportButtons({ target, query }: { target: ExportTarget; query: ReportQuery }) {
  const { t } = useTranslation('reports');
  const download = useReportExport(target);
  const pending = download.isPending ? download.variables?.format : undefined;
  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="xs" data-testid="report-export">
        {REPORT_FORMATS.map((format) => (
          <Button
            key={format}
            variant="default"
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={pending === format}
            disabled={download.isPending && pending !== format}
            onClick={() => download.mutate({ query, format })}
          >
            {t(`export.${format}`)}
          </Button>
        ))}
      </Group>
      {download.isError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t('export.failed')}
          data-testid="export-error"
          maw={360}
        >
          {problemMessage(t, download.error)}
        </Alert>
      )}
    </Stack>
  );
}
