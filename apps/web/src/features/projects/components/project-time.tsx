import { ActionIcon, Anchor, Box, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatSeconds } from '../../../components/attendance/duration';
import { PeriodRangeInput } from '../../../components/forms/period-range-input';
import { filterField } from '../../../components/lists/filter-fields';
import { EmptyRow, ListTable, SkeletonRows } from '../../../components/lists/list-table';
import { LoadError } from '../../../components/ui/load-error';
import { clientName } from '../../../lib/format/client-name';
import { useUrlParams } from '../../../lib/url-params';
import type { ProjectArea } from '../api/area';
import { type ProjectTimeRow, TIME_PERIOD_KEYS, timePeriodOf, useProjectTime } from '../api/project-time';
import { ColorDot } from './project-bits';

/** The width of the expand button, kept empty on a row without tracked tasks so the names line up. */
const TOGGLE = 22;
/** Where a project's name starts in its cell (button, gap, dot, gap): its tasks line up under it. */
const NAME_INDENT = TOGGLE + 10 + 12 + 10;
const TASK_INDENT = `calc(var(--table-horizontal-spacing, var(--mantine-spacing-xs)) + ${NAME_INDENT}px)`;

/**
 * "Time by project" under the projects list (`GET reports/projects`): per project the time tracked in the
 * period, its tasks done and open, and a total; a row opens to its tasks, most tracked first, each linking to
 * the board's drawer. The period is in the URL (`time_from`, `time_to`; none: the server's last 30 days, shown
 * as the server answered it); the list's client filter narrows it too.
 */
export function ProjectTimePanel({
  area,
  clientId,
  boardHref,
}: {
  area: ProjectArea;
  /** The list's client filter (never on a client's own page). */
  clientId?: number;
  boardHref: (id: number) => string;
}) {
  const { t } = useTranslation('projects');
  const titleId = useId();
  const { params, page, update } = useUrlParams();
  const period = useMemo(() => timePeriodOf(params), [params]);
  const report = useProjectTime(area, { ...period, client_id: clientId });
  const withClient = area !== 'client';
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const named = period.start_date && period.end_date ? period : undefined;
  // The list keeps its page when only the period changes.
  const setPeriod = (from: string | null, to: string | null) =>
    update({ [TIME_PERIOD_KEYS.from]: from, [TIME_PERIOD_KEYS.to]: to, page });

  const rows = report.data?.data ?? [];
  const total = report.data?.meta.total_seconds ?? 0;
  const headers = [
    t('time.project'),
    ...(withClient ? [t('time.client')] : []),
    t('time.tracked'),
    t('time.done'),
    t('time.open'),
  ];
  const columns = headers.length;

  const projectRow = (r: ProjectTimeRow) => {
    const expanded = open.has(r.project.id);
    const tasks = [...r.by_task].sort((a, b) => b.tracked_seconds - a.tracked_seconds);
    const taskRowId = (taskId: number) => `${titleId}-task-${taskId}`;
    return (
      <Fragment key={r.project.id}>
        <Table.Tr data-testid="project-time-row">
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              {tasks.length > 0 ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size={TOGGLE}
                  aria-label={t('time.tasksOf', { name: r.project.name })}
                  aria-expanded={expanded}
                  aria-controls={
                    expanded ? tasks.map((task) => taskRowId(task.task_id)).join(' ') : undefined
                  }
                  onClick={() => toggle(r.project.id)}
                >
                  <IconChevronRight
                    size={16}
                    aria-hidden
                    style={{
                      transform: expanded ? 'rotate(90deg)' : undefined,
                      transition: 'transform 120ms',
                    }}
                  />
                </ActionIcon>
              ) : (
                <Box w={TOGGLE} style={{ flexShrink: 0 }} aria-hidden />
              )}
              <ColorDot color={r.project.color} />
              <Anchor component={Link} to={boardHref(r.project.id)} fw={500}>
                {r.project.name}
              </Anchor>
            </Group>
          </Table.Td>
          {withClient && <Table.Td>{clientName(r.client)}</Table.Td>}
          <Table.Td>{formatSeconds(r.tracked_seconds)}</Table.Td>
          <Table.Td>{r.tasks_done}</Table.Td>
          <Table.Td>{r.tasks_open}</Table.Td>
        </Table.Tr>
        {expanded &&
          tasks.map((task) => (
            <Table.Tr key={task.task_id} id={taskRowId(task.task_id)} data-testid="project-time-task">
              <Table.Td pl={TASK_INDENT}>
                <Anchor component={Link} to={`${boardHref(r.project.id)}?task=${task.task_id}`} size="sm">
                  {task.title}
                </Anchor>
              </Table.Td>
              {withClient && <Table.Td />}
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatSeconds(task.tracked_seconds)}
                </Text>
              </Table.Td>
              <Table.Td colSpan={2} />
            </Table.Tr>
          ))}
      </Fragment>
    );
  };

  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm" mt="xl" data-testid="project-time">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {t('time.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('time.text')}
          </Text>
        </div>
        <PeriodRangeInput
          label={t('time.period')}
          period={named ?? report.data?.meta}
          onPick={setPeriod}
          clear={named && { label: t('time.clear'), onClear: () => setPeriod(null, null) }}
          style={{ ...filterField, flex: '0 1 260px' }}
        />
      </Group>
      {report.isError ? (
        <LoadError
          ns="projects"
          titleKey="time.errorTitle"
          icon={<IconAlertTriangle aria-hidden />}
          error={report.error}
          onRetry={() => void report.refetch()}
          mb={0}
        />
      ) : (
        <ListTable
          minWidth={withClient ? 680 : 520}
          caption={t('time.caption')}
          busy={report.isFetching}
          headers={headers}
        >
          {report.isPending ? (
            <SkeletonRows columns={columns} rows={3} />
          ) : rows.length === 0 || total === 0 ? (
            <EmptyRow columns={columns}>{t('time.empty')}</EmptyRow>
          ) : (
            <>
              {rows.map(projectRow)}
              <Table.Tr data-testid="project-time-total">
                <Table.Th scope="row">{t('time.total')}</Table.Th>
                {withClient && <Table.Td />}
                <Table.Td fw={600}>{formatSeconds(total)}</Table.Td>
                <Table.Td fw={600}>{rows.reduce((sum, r) => sum + r.tasks_done, 0)}</Table.Td>
                <Table.Td fw={600}>{rows.reduce((sum, r) => sum + r.tasks_open, 0)}</Table.Td>
              </Table.Tr>
            </>
          )}
        </ListTable>
      )}
    </Stack>
  );
}
