import {
  ActionIcon,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type Team, type TeamCreateInput, teamCreateSchema } from '@vahub/shared/teams/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/confirm';
import { schemaErrors } from '../../../lib/form-errors';
import { fieldErrors, isApiError } from '../../../lib/normalize-error';
import { notify } from '../../../lib/notify';
import { useCreateTeam, useDeleteTeam, useTeam, useTeams, useUpdateTeam } from '../api/teams';
import { useUserOptions } from '../api/user-options';
import { ListTable, PageBar, TableRows } from './bits';
import { useListParams } from './list-params';
import { useMessage } from './messages';
import { SearchField } from './search-field';

const COLUMNS = 5;

/** Teams: list, create, rename and describe, leader, members, delete. */
export function TeamsScreen() {
  const { t } = useTranslation('people');
  const message = useMessage();
  const { get, page, update } = useListParams();
  const search = get('search');
  const teams = useTeams({ page, per_page: 20, search });
  const remove = useDeleteTeam();
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const rows = teams.data?.data ?? [];

  const del = (team: Team) =>
    confirmDialog({
      title: t('teams.deleteTitle'),
      message: t('teams.deleteConfirm', { name: team.name }),
      confirmLabel: t('common.delete'),
      cancelLabel: t('common.cancel'),
      color: 'red',
      action: async () => {
        try {
          await remove.mutateAsync(team.id);
          notify('green', t('teams.deleted', { name: team.name }));
        } catch (err) {
          notify('warning', message(isApiError(err) ? err.message : t('common.error')));
          throw err;
        }
      },
    });

  return (
    <>
      <Group justify="space-between" align="flex-end" mb="md">
        <SearchField
          label={t('common.search')}
          placeholder={t('teams.searchPlaceholder')}
          value={search ?? ''}
          onSearch={(value) => update({ search: value })}
        />
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ id: null })}>
          {t('teams.add')}
        </Button>
      </Group>
      <ListTable
        minWidth={640}
        caption={t('teams.caption')}
        headers={[
          t('teams.name'),
          t('teams.description'),
          t('teams.leader'),
          t('teams.members'),
          <span key="actions" className="visually-hidden">
            {t('common.actions')}
          </span>,
        ]}
      >
        <TableRows
          columns={COLUMNS}
          pending={teams.isPending}
          rows={rows}
          skeletonRows={4}
          empty={t(search ? 'common.emptyFiltered' : 'teams.empty')}
        >
          {(team) => (
            <Table.Tr key={team.id} data-testid="team-row">
              <Table.Td fw={500}>{team.name}</Table.Td>
              <Table.Td>
                <Text size="sm" c={team.description ? undefined : 'dimmed'} lineClamp={2}>
                  {team.description || t('common.none')}
                </Text>
              </Table.Td>
              <Table.Td>{team.leader?.name ?? t('common.none')}</Table.Td>
              <Table.Td>{team.member_count}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('teams.editNamed', { name: team.name })}
                    onClick={() => setEditing({ id: team.id })}
                  >
                    <IconPencil size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('teams.deleteNamed', { name: team.name })}
                    onClick={() => void del(team)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
        </TableRows>
      </ListTable>
      <PageBar meta={teams.data?.meta} onPage={(p) => update({ page: p })} />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing?.id ? 'teams.editTitle' : 'teams.createTitle')}
        size="lg"
      >
        {editing && <TeamEditor id={editing.id} onClose={() => setEditing(null)} />}
      </Modal>
    </>
  );
}

function TeamEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const team = useTeam(id);
  const { t } = useTranslation('people');
  if (id !== null && !team.data) return <Text c="dimmed">{t('common.loading')}</Text>;
  return <TeamForm key={id ?? 'new'} team={team.data ?? null} onClose={onClose} />;
}

interface TeamValues {
  name: string;
  description: string;
  leader_id: string | null;
  member_ids: string[];
}

const teamPayload = (v: TeamValues): TeamCreateInput => ({
  name: v.name,
  description: v.description.trim() || null,
  leader_id: v.leader_id ? Number(v.leader_id) : null,
  member_ids: v.member_ids.map(Number),
});

function TeamForm({
  team,
  onClose,
}: {
  team: (Team & { members: { id: number }[] }) | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('people');
  const message = useMessage();
  const people = useUserOptions({});
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const form = useForm<TeamValues>({
    initialValues: {
      name: team?.name ?? '',
      description: team?.description ?? '',
      leader_id: team?.leader ? String(team.leader.id) : null,
      member_ids: team?.members.map((m) => String(m.id)) ?? [],
    },
    validate: (values) => schemaErrors(teamCreateSchema, teamPayload(values)),
  });
  const input = (field: keyof TeamValues) => {
    const m = form.errors[field];
    return { ...form.getInputProps(field), error: typeof m === 'string' ? message(m) : undefined };
  };
  const options = (people.data?.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));

  const submit = form.onSubmit(async (values) => {
    try {
      const body = teamPayload(values);
      const saved = team ? await update.mutateAsync({ id: team.id, body }) : await create.mutateAsync(body);
      notify('green', t(team ? 'teams.updated' : 'teams.created', { name: saved.name }));
      onClose();
    } catch (err) {
      const errors = fieldErrors(err);
      if (Object.keys(errors).length) form.setErrors(errors);
      else notify('warning', message(isApiError(err) ? err.message : t('common.error')));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t(team ? 'teams.editTitle' : 'teams.createTitle')}>
      <Stack gap="sm">
        <TextInput label={t('teams.name')} withAsterisk data-autofocus {...input('name')} />
        <Textarea label={t('teams.description')} autosize minRows={2} {...input('description')} />
        <Select
          label={t('teams.leader')}
          data={options}
          searchable
          clearable
          nothingFoundMessage={t('common.nothingFound')}
          {...input('leader_id')}
        />
        <MultiSelect
          label={t('teams.members')}
          data={options}
          searchable
          nothingFoundMessage={t('common.nothingFound')}
          maxDropdownHeight={260}
          {...input('member_ids')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {t(team ? 'common.save' : 'teams.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
