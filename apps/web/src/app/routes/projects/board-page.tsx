import { Alert, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { boardFiltersOf, taskParamOf } from '../../../features/projects/api/filters';
import { boardQuery } from '../../../features/projects/api/get-board';
import { useProjectsLive } from '../../../features/projects/api/live';
import { BoardFilters } from '../../../features/projects/components/board/board-filters';
import { BoardView } from '../../../features/projects/components/board/board-view';
import { ProjectHeader } from '../../../features/projects/components/board/project-header';
import { patchSearchParams, useUrlParams } from '../../../lib/url-params';
import { useViewerZone } from '../insights/viewer';
import { LoadError, projectsHref, useProjectArea, validId } from './shared';

// The drawer (markdown, date picker, comments) loads when a task opens.
const TaskDrawer = lazy(() =>
  import('../../../features/projects/components/task/task-drawer').then((m) => ({ default: m.TaskDrawer })),
);

/**
 * `projects/:id/board`: the project's header, the board's filters (in the URL), its columns and tasks, and the
 * task drawer (`?task=12`). It follows `board.changed` for this project, so others' changes show.
 */
export function ProjectBoardPage() {
  const { t } = useTranslation('projects');
  const { t: tc } = useTranslation('common');
  const { role, area } = useProjectArea();
  const id = validId(useParams().id);
  const { params, update } = useUrlParams();
  const [, setParams] = useSearchParams();
  const navigate = useNavigate();
  const filters = useMemo(() => boardFiltersOf(params), [params]);
  const { today } = useViewerZone();
  const query = boardQuery(area, id ?? 0, filters);
  const board = useQuery({ ...query, enabled: id !== undefined });
  useProjectsLive(id ?? -1);
  const taskId = taskParamOf(params);
  // Opening a task is a step the back button undoes; closing it replaces that step.
  const openTask = (task: number) => setParams((prev) => patchSearchParams(prev, { task }));
  const closeTask = () => update({ task: null });

  if (id === undefined) return <Alert color="red">{t('board.notFound')}</Alert>;
  if (board.isError) return <LoadError error={board.error} onRetry={() => void board.refetch()} />;
  if (!board.data) return <Loader aria-label={tc('loading')} />;
  const data = board.data;
  return (
    <>
      <ProjectHeader project={data.project} area={area} onDeleted={() => navigate(projectsHref(role))} />
      {data.project.status === 'archived' && (
        <Alert color="gray" variant="light" mb="md" title={t('board.archivedTitle')}>
          {t('board.archivedText')}
        </Alert>
      )}
      <BoardFilters filters={filters} assignees={data.assignees} update={update} />
      <BoardView board={data} area={area} boardKey={query.queryKey} today={today} onOpen={openTask} />
      {taskId !== undefined && (
        <Suspense fallback={null}>
          <TaskDrawer area={area} taskId={taskId} board={data} onClose={closeTask} />
        </Suspense>
      )}
    </>
  );
}
