import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Ref } from '@vahub/shared/users/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PeopleMultiSelect } from '../../../components/people/person-picker';
import { problemMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useSetClientManagers } from '../api/clients';

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * Choose a client's managers. Spec: saving an empty payload sends no request; an unchanged choice
 * sends none either.
 */
export function ManagersDialog({
  client,
  onClose,
}: {
  client: { id: number; name: string; managers: Ref[] } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('people');
  return (
    <Modal opened={client !== null} onClose={onClose} title={t('managers.title')}>
      {client && <ManagersForm key={client.id} client={client} onClose={onClose} />}
    </Modal>
  );
}

function ManagersForm({
  client,
  onClose,
}: {
  client: { id: number; name: string; managers: Ref[] };
  onClose: () => void;
}) {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation('common');
  const initial = client.managers.map((m) => m.id);
  const [chosen, setChosen] = useState<string[]>(initial.map(String));
  const save = useSetClientManagers();

  const submit = async () => {
    const ids = chosen.map(Number);
    if (ids.length === 0 || sameSet(ids, initial)) {
      onClose();
      return;
    }
    try {
      await save.mutateAsync({ id: client.id, managerIds: ids });
      notify('green', t('managers.saved', { name: client.name }));
      onClose();
    } catch (err) {
      notify('warning', problemMessage(tc, err), tc('notSaved'));
    }
  };

  return (
    <Stack>
      <Text size="sm">{t('managers.text', { name: client.name })}</Text>
      <PeopleMultiSelect
        label={t('managers.label')}
        roles={['manager']}
        status="active"
        keep={client.managers}
        value={chosen}
        onChange={setChosen}
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {tc('cancel')}
        </Button>
        <Button onClick={() => void submit()} loading={save.isPending}>
          {tc('save')}
        </Button>
      </Group>
    </Stack>
  );
}
