import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatSeconds } from '../../../components/attendance/duration';
import { EmptyRow, ListTable, SkeletonRows } from '../../../components/lists/list-table';
import { clientName } from '../../../lib/format/client-name';
import type { ProjectPage } from '../api/area';
import { ColorDot, ProjectStatusBadge } from './project-bits';

type Project = ProjectPage['data'][number];

/**
 * The projects as a table (scrolls sideways on a phone): colour and name linking to the board, the client
 * (not on a client's own list), open of all tasks, tracked time, status. Empty: a first project to create,
 * or, when filters narrow the list, a word that nothing matches.
 */
export function ProjectsTable({
  projects,
  pending,
  busy,
  withClient,
  narrowed,
  boardHref,
  createHref,
}: {
  projects: Project[];
  pending: boolean;
  busy: boolean;
  withClient: boolean;
  narrowed: boolean;
  boardHref: (id: number) => string;
  createHref: string;
}) {
  const { t } = useTranslation('projects');
  const headers = [
    t('list.name'),
    ...(withClient ? [t('list.client')] : []),
    t('list.tasks'),
    t('list.tracked'),
    t('list.status'),
  ];
  return (
    <ListTable minWidth={withClient ? 720 : 560} caption={t('list.caption')} busy={busy} headers={headers}>
      {pending ? (
        <SkeletonRows columns={headers.length} rows={5} />
      ) : projects.length === 0 ? (
        <EmptyRow columns={headers.length}>
          {narrowed ? (
            t('list.noMatch')
          ) : (
            <Stack align="center" gap="sm" component="span">
              <span>{t('list.empty')}</span>
              <Button component={Link} to={createHref} leftSection={<IconPlus size={16} aria-hidden />}>
                {t('list.create')}
              </Button>
            </Stack>
          )}
        </EmptyRow>
      ) : (
        projects.map((p) => (
          <Table.Tr key={p.id} data-testid="project-row">
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <ColorDot color={p.color} />
                <Anchor component={Link} to={boardHref(p.id)} fw={500}>
                  {p.name}
                </Anchor>
              </Group>
            </Table.Td>
            {withClient && <Table.Td>{clientName(p.client)}</Table.Td>}
            <Table.Td>
              <Text size="sm" aria-label={t('list.openOf', { open: p.open_task_count, total: p.task_count })}>
                {p.open_task_count} / {p.task_count}
              </Text>
            </Table.Td>
            <Table.Td>{formatSeconds(p.tracked_seconds)}</Table.Td>
            <Table.Td>
              <ProjectStatusBadge status={p.status} />
            </Table.Td>
          </Table.Tr>
        ))
      )}
    </ListTable>
  );
}
