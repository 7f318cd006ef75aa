import { Alert, Anchor, Button, Group, Menu, Progress, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import type { ExportFormat } from '@vahub/shared/timesheets/schemas';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../../../lib/form-errors';
import { useTimesheetExport } from '../api/export';
import type { FilterQuery, TimesheetArea } from '../api/filters';

/**
 * "Export" with its formats (XLSX, CSV, and PDF when one VA is filtered). Small exports download at once
 * (the button shows it is working); large ones run as a job: a progress bar, then a download link, or what
 * went wrong.
 */
export function ExportMenu({
  area,
  query,
  rows,
  formats = ['xlsx', 'csv'],
}: {
  area: TimesheetArea;
  query: FilterQuery;
  /** How many rows the filters match (`meta.totals.count`): it decides direct download or job. */
  rows: number;
  formats?: ExportFormat[];
}) {
  const { t } = useTranslation('timesheets');
  const { state, job, start, reset } = useTimesheetExport(area);
  const running = state.kind === 'job' && job?.data?.status !== 'done' && job?.data?.status !== 'failed';
  const data = job?.data;
  return (
    <Stack gap="xs" align="flex-end">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            loading={state.kind === 'downloading'}
            disabled={running || rows === 0}
          >
            {t('export.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {formats.map((format) => (
            <Menu.Item key={format} onClick={() => void start(format, query, rows)}>
              {t(`export.${format}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {state.kind === 'error' && (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={reset} maw={420}>
          {problemMessage(t, state.error)}
        </Alert>
      )}
      {state.kind === 'job' && (
        <Stack gap={4} w={320} maw="100%" data-testid="export-job" aria-live="polite">
          {job?.isError ? (
            <Alert color="red" variant="light" role="alert" withCloseButton onClose={reset}>
              {problemMessage(t, job.error)}
            </Alert>
          ) : data?.status === 'failed' ? (
            <Alert color="red" variant="light" role="alert" withCloseButton onClose={reset}>
              {t('export.failed', { error: data.error ?? t('export.unknownError') })}
            </Alert>
          ) : data?.status === 'done' && data.url ? (
            <Group gap="sm" justify="flex-end">
              <Text size="sm">{t('export.ready')}</Text>
              <Button
                component="a"
                href={data.url}
                download={data.file_name}
                size="xs"
                leftSection={<IconDownload size={14} aria-hidden />}
              >
                {t('export.download', { name: data.file_name })}
              </Button>
              <Anchor component="button" type="button" size="sm" onClick={reset}>
                {t('export.dismiss')}
              </Anchor>
            </Group>
          ) : (
            <>
              <Text size="sm">
                {t('export.progress', {
                  done: data?.rows_done ?? 0,
                  total: data?.rows_total ?? rows,
                })}
              </Text>
              <Progress
                value={data?.progress ?? 0}
                animated
                aria-label={t('export.progressLabel')}
                aria-valuenow={data?.progress ?? 0}
              />
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}
