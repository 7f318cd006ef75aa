import { Button, Group, Modal, Text, Title } from '@mantine/core';
import { IconArchive, IconPencil, IconRestore, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../../lib/confirm';
import { problemMessage } from '../../../../lib/form-errors';
import { clientName } from '../../../../lib/format/client-name';
import { notify } from '../../../../lib/notify';
import { type BoardData, isOwnerArea, type ProjectArea } from '../../api/area';
import { useDeleteProject } from '../../api/delete-project';
import { useUpdateProject } from '../../api/update-project';
import { ColorDot, ProjectStatusBadge } from '../project-bits';
import { ProjectForm } from '../project-form';

/**
 * The board's header: colour, name, status, the client (not for a client), and what the viewer may do: edit
 * (name, description, colour), archive or restore, delete (the client and admins, after a confirmation).
 */
export function ProjectHeader({
  project,
  area,
  onDeleted,
}: {
  project: BoardData['project'];
  area: ProjectArea;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('projects');
  const { t: tc } = useTranslation('common');
  const [editing, setEditing] = useState(false);
  const update = useUpdateProject(area);
  const owner = isOwnerArea(area) ? area : 'admin';
  const remove = useDeleteProject(owner);
  const archived = project.status === 'archived';

  const setStatus = () =>
    update.mutate(
      { id: project.id, body: { status: archived ? 'active' : 'archived' } },
      { onError: (error) => notify('warning', problemMessage(tc, error)) },
    );
  const askDelete = () =>
    void confirmDialog({
      title: t('project.deleteTitle', { name: project.name }),
      message: t('project.deleteText'),
      confirmLabel: t('project.delete'),
      cancelLabel: tc('cancel'),
      color: 'red',
      action: async () => {
        try {
          await remove.mutateAsync(project.id);
          onDeleted();
        } catch (error) {
          notify('warning', problemMessage(tc, error));
          throw error;
        }
      },
    });

  return (
    <>
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <ColorDot color={project.color} size={16} />
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {project.name}
            </Title>
            <ProjectStatusBadge status={project.status} />
          </Group>
          {area !== 'client' && (
            <Text c="dimmed" size="sm" mt={4}>
              {t('project.for', { client: clientName(project.client) })}
            </Text>
          )}
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            {t('project.edit')}
          </Button>
          <Button
            variant="default"
            leftSection={
              archived ? <IconRestore size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />
            }
            onClick={setStatus}
            loading={update.isPending && !editing}
          >
            {archived ? t('project.restore') : t('project.archive')}
          </Button>
          {isOwnerArea(area) && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={askDelete}
            >
              {t('project.delete')}
            </Button>
          )}
        </Group>
      </Group>
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={t('project.editTitle', { name: project.name })}
        size="lg"
      >
        {editing && (
          <ProjectForm
            initial={project}
            submitLabel={tc('save')}
            onCancel={() => setEditing(false)}
            onSubmit={async (body) => {
              await update.mutateAsync({ id: project.id, body });
              setEditing(false);
            }}
          />
        )}
      </Modal>
    </>
  );
}
