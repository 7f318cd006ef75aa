import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { useClientOptions } from '../../../features/projects/api/client-options';
import { useCreateProject } from '../../../features/projects/api/create-project';
import { ProjectForm } from '../../../features/projects/components/project-form';
import { boardHref, useProjectArea } from './shared';

/**
 * `projects/create`: name, description, colour and (the admin, a manager) the client; the new project comes with
 * the default board, which opens next.
 */
export function CreateProjectPage() {
  const { t } = useTranslation('projects');
  const { role, area } = useProjectArea();
  const navigate = useNavigate();
  const create = useCreateProject(area);
  const clients = useClientOptions(area, { activeOnly: true });
  return (
    <>
      <PageTitle title={t('create.title')} text={t(`create.text.${area}`)} />
      <ProjectForm
        clients={area === 'client' ? undefined : { options: clients.data ?? [], loading: clients.isPending }}
        submitLabel={t('create.submit')}
        onSubmit={async (body) => {
          const project = await create.mutateAsync(body);
          navigate(boardHref(role, project.id));
        }}
      />
    </>
  );
}
