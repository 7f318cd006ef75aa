import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPagination } from '../../../components/lists/list-pagination';
import { PageTitle } from '../../../components/ui/page-title';
import { useClientOptions } from '../../../features/projects/api/client-options';
import { isNarrowed, projectFiltersOf } from '../../../features/projects/api/filters';
import { useProjects } from '../../../features/projects/api/list-projects';
import { useProjectsLive } from '../../../features/projects/api/live';
import { ProjectTimePanel } from '../../../features/projects/components/project-time';
import { ProjectsFilters } from '../../../features/projects/components/projects-filters';
import { ProjectsTable } from '../../../features/projects/components/projects-table';
import { useUrlParams } from '../../../lib/url-params';
import { boardHref, createProjectHref, LoadError, useProjectArea } from './shared';

/**
 * `projects` of the admin, a manager and a client: the projects in the viewer's scope with their open and total
 * tasks and tracked time, filtered by status, client (not for a client) and name, all kept in the URL; under
 * it the time by project over a period (`time_from`, `time_to`), for the list's client when one is chosen.
 * `board.changed` refetches both (every projects query).
 */
export function ProjectsPage() {
  const { t } = useTranslation('projects');
  const { role, area } = useProjectArea();
  const { params, update } = useUrlParams();
  const filters = useMemo(() => projectFiltersOf(params, area), [params, area]);
  const projects = useProjects(area, filters);
  const clients = useClientOptions(area);
  useProjectsLive();
  const create = createProjectHref(role);
  return (
    <>
      <PageTitle
        title={t('list.title')}
        text={t(`list.text.${area}`)}
        actions={
          <Button component={Link} to={create} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('list.create')}
          </Button>
        }
      />
      <ProjectsFilters
        filters={filters}
        clients={area === 'client' ? undefined : (clients.data ?? [])}
        update={update}
      />
      {projects.isError && <LoadError error={projects.error} onRetry={() => void projects.refetch()} />}
      <ProjectsTable
        projects={projects.data?.data ?? []}
        pending={projects.isPending && !projects.isError}
        busy={projects.isFetching}
        withClient={area !== 'client'}
        narrowed={isNarrowed(filters)}
        boardHref={(id) => boardHref(role, id)}
        createHref={create}
      />
      <ListPagination meta={projects.data?.meta} onPage={(page) => update({ page })} />
      <ProjectTimePanel area={area} clientId={filters.client} boardHref={(id) => boardHref(role, id)} />
    </>
  );
}
