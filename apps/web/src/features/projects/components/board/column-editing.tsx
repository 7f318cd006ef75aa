import { Button, Modal } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { PROJECTS } from '@vahub/shared/projects/schemas';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../../../../lib/form-errors';
import { notify } from '../../../../lib/notify';
import { useAddColumn } from '../../api/add-column';
import { type BoardData, isOwnerArea, type ProjectArea } from '../../api/area';
import { useDeleteColumn } from '../../api/delete-column';
import { useUpdateColumn } from '../../api/update-column';
import { LANE_WIDTH } from './board-lane';
import { type ColumnActions, ColumnNameForm } from './column-menu';

export interface ColumnEditing {
  actionsOf: (index: number) => ColumnActions;
  addColumn: ReactNode;
}

/**
 * The owners' column tools (the board says `can_edit_columns`: the client and admins): each column's
 * rename, move left or right and delete, and "Add column" at the end. Null for anyone else.
 */
export function useColumnEditing(area: ProjectArea, board: BoardData): ColumnEditing | null {
  const { t } = useTranslation('projects');
  const { t: tc } = useTranslation('common');
  const owner = isOwnerArea(area) ? area : 'admin';
  const update = useUpdateColumn(owner);
  const remove = useDeleteColumn(owner);
  const add = useAddColumn(owner);
  const [adding, setAdding] = useState(false);
  if (!board.can_edit_columns || !isOwnerArea(area)) return null;

  const columns = board.columns;
  const reorder = (id: number, body: { before_id?: number; after_id?: number }) => () =>
    update.mutate(
      { id, body },
      { onError: (error) => notify('warning', problemMessage(tc, error), t('column.notMoved')) },
    );
  const actionsOf = (index: number): ColumnActions => {
    const { id } = columns[index];
    const left = columns[index - 1];
    const right = columns[index + 1];
    return {
      rename: (name) => update.mutateAsync({ id, body: { name } }),
      moveLeft: left ? reorder(id, { before_id: left.id }) : undefined,
      moveRight: right ? reorder(id, { after_id: right.id }) : undefined,
      remove: (moveTo) => remove.mutateAsync({ id, moveTo }),
    };
  };
  const full = columns.length >= PROJECTS.maxColumns;
  const addColumn = (
    <div style={{ flex: `0 0 ${LANE_WIDTH}px` }}>
      <Button
        variant="default"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => setAdding(true)}
        disabled={full}
        title={full ? t('column.full', { max: PROJECTS.maxColumns }) : undefined}
      >
        {t('column.add')}
      </Button>
      <Modal opened={adding} onClose={() => setAdding(false)} title={t('column.addTitle')}>
        {adding && (
          <ColumnNameForm
            label={t('column.name')}
            submitLabel={t('column.addSubmit')}
            onSave={(name) => add.mutateAsync({ projectId: board.project.id, name })}
            onDone={() => setAdding(false)}
          />
        )}
      </Modal>
    </div>
  );
  return { actionsOf, addColumn };
}
