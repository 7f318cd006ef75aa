import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import type { Ref } from '@vahub/shared/users/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/normalize-error';
import { notify } from '../../../lib/notify';
import { useSetClientManagers } from '../api/client-managers';
import { useUserOptions } from '../api/user-options';
import { useMessage } from './messages';

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
  const message = useMessage();
  const initial = client.managers.map((m) => m.id);
  const [chosen, setChosen] = useState<string[]>(initial.map(String));
  const managers = useUserOptions({ role: 'manager', status: 'active' });
  const save = useSetClientManagers();
  const options = [
    ...(managers.data?.data ?? []).map((m) => ({ value: String(m.id), label: m.name })),
    ...client.managers
      .filter((m) => !managers.data?.data.some((o) => o.id === m.id))
      .map((m) => ({ value: String(m.id), label: m.name })),
  ];

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
      notify('warning', message(isApiError(err) ? err.message : t('common.error')), t('common.failed'));
    }
  };

  return (
    <Stack>
      <Text size="sm">{t('managers.text', { name: client.name })}</Text>
      <MultiSelect
        label={t('managers.label')}
        data={options}
        value={chosen}
        onChange={setChosen}
        searchable
        nothingFoundMessage={t('common.nothingFound')}
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void submit()} loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
