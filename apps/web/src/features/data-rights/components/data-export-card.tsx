import { Alert, Anchor, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../../../lib/form-errors';
import { type ExportArea, useDataExport } from '../api/data-rights';
import { WithDataRightsTexts } from './data-rights-texts';

const TEXT = { admin: 'export.textAdmin', client: 'export.textClient', va: 'export.textVa' } as const;
const START = { admin: 'export.startAdmin', client: 'export.startClient', va: 'export.startVa' } as const;

/** Exports the data as a ZIP: a job with a progress bar, then a download link (issue 33). */
function DataExportCard({ area }: { area: ExportArea }) {
  const { t } = useTranslation('data-rights');
  const { start, job, reset } = useDataExport(area);
  const data = job?.data;
  const running =
    start.isPending || (job !== undefined && data?.status !== 'done' && data?.status !== 'failed');
  return (
    <Card withBorder maw={880} data-testid="data-export">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('export.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t(TEXT[area])}
        </Text>
        {running && (
          <Stack gap={4}>
            <Progress value={data?.progress ?? 0} aria-label={t('export.progress')} animated />
            <Text size="sm" aria-live="polite">
              {t('export.running', { progress: data?.progress ?? 0 })}
            </Text>
          </Stack>
        )}
        {data?.status === 'done' && data.url && (
          <Group>
            <Button
              component="a"
              href={data.url}
              download={data.file_name}
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {t('export.download', { name: data.file_name })}
            </Button>
            <Anchor component="button" type="button" onClick={reset}>
              {t('export.again')}
            </Anchor>
          </Group>
        )}
        {data?.status === 'failed' && (
          <Alert color="red" role="alert">
            {t('export.failed')}
          </Alert>
        )}
        {start.isError && (
          <Alert color="red" role="alert">
            {problemMessage(t, start.error)}
          </Alert>
        )}
        {!job && (
          <Group>
            <Button onClick={() => start.mutate()} loading={start.isPending} variant="light">
              {t(START[area])}
            </Button>
          </Group>
        )}
        {data?.status === 'failed' && (
          <Group>
            <Button onClick={reset} variant="subtle">
              {t('export.again')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

export function DataExportSection({ area }: { area: ExportArea }) {
  return (
    <WithDataRightsTexts>
      <DataExportCard area={area} />
    </WithDataRightsTexts>
  );
}
