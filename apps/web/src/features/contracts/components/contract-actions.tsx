import { Button, Group, Modal } from '@mantine/core';
import type { Contract } from '@vahub/shared/contracts/schemas';
import type { ContractStatus } from '@vahub/shared/contracts/statuses';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/confirm';
import { problemMessage } from '../../../lib/form-errors';
import { clientName } from '../../../lib/format/client-name';
import { notify } from '../../../lib/notify';
import { useActivateContract, useDeleteContract, useUpdateContract } from '../api/contracts';
import { ContractForm } from './contract-form';

export type ContractAction = 'activate' | 'pause' | 'resume' | 'end' | 'delete';

/** The status moves each status allows (draft → active ⇄ paused → ended). */
export const STATUS_ACTIONS: Record<ContractStatus, ContractAction[]> = {
  draft: ['activate'],
  active: ['pause', 'end'],
  paused: ['resume', 'end'],
  ended: [],
};

/** Runs a status action or a delete after a confirmation; the server's refusal shows as a notification. */
export function useContractAction(onDeleted?: () => void) {
  const { t } = useTranslation('contracts');
  const activate = useActivateContract();
  const update = useUpdateContract();
  const remove = useDeleteContract();
  return (c: Contract, action: ContractAction) =>
    confirmDialog({
      title: t(`actions.${action}Title`),
      message: t(`actions.${action}Confirm`, { title: c.title, va: c.va.name, client: clientName(c.client) }),
      confirmLabel: t(`actions.${action}`),
      cancelLabel: t('common:cancel'),
      color: action === 'delete' || action === 'end' ? 'red' : undefined,
      action: async () => {
        try {
          if (action === 'activate') await activate.mutateAsync(c.id);
          else if (action === 'delete') await remove.mutateAsync(c.id);
          else {
            const status = action === 'pause' ? 'paused' : action === 'end' ? 'ended' : 'active';
            await update.mutateAsync({ id: c.id, status });
          }
          notify('green', t(`actions.${action}Done`));
          if (action === 'delete') onDeleted?.();
        } catch (err) {
          notify('warning', problemMessage(t, err));
          throw err;
        }
      },
    });
}

/** Buttons for a contract's next statuses. */
export function ContractActionButtons({
  contract,
  withDelete,
}: {
  contract: Contract;
  withDelete?: () => void;
}) {
  const { t } = useTranslation('contracts');
  const run = useContractAction(withDelete);
  const [editing, setEditing] = useState(false);
  const actions: ContractAction[] = [...STATUS_ACTIONS[contract.status]];
  if (withDelete && (contract.status === 'draft' || contract.status === 'ended')) actions.push('delete');
  return (
    <Group gap={4} wrap="nowrap">
      {contract.status !== 'ended' && (
        <Button size="xs" variant="default" onClick={() => setEditing(true)}>
          {t('actions.edit')}
        </Button>
      )}
      <Modal opened={editing} onClose={() => setEditing(false)} title={t('form.editTitle')} size="lg">
        <ContractForm
          contract={contract}
          onCreated={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      </Modal>
      {actions.map((a) => (
        <Button
          key={a}
          size="xs"
          variant="light"
          color={a === 'end' || a === 'delete' ? 'red' : undefined}
          onClick={() => run(contract, a)}
        >
          {t(`actions.${a}`)}
        </Button>
      ))}
    </Group>
  );
}
