import { ActionIcon, Button, Group, Modal, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type Team, type TeamCreateInput, teamCreateSchema } from '@vahub/shared/teams/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/lists/list-pagination';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import { PeopleMultiSelect, PersonSelect } from '../../../components/people/person-picker';
import { confirmDialog } from '../../../lib/confirm';
import { problemMessage, schemaErrors, showProblem } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useUrlParams } from '../../../lib/url-params';
import { teamsListQuery } from '../api/list-queries';
import { useCreateTeam, useDeleteTeam, useTeam, useTeams, useUpdateTeam } from '../api/teams';
import { SearchField } from './search-field';

const COLUMNS = 5;

/** Teams: list, create, rename and describe, leader, members, delete. */
export function TeamsScreen() {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation('common');
  const { params, update } = useUrlParams();
  const query = teamsListQuery(params);
  const search = query.search;
  const teams = useTeams(query);
  const remove = useDeleteTeam();
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const rows = teams.data?.data ?? [];

  const del = (team: Team) =>
    confirmDialog({
      title: t('teams.deleteTitle'),
      message: t('teams.deleteConfirm', { name: team.name }),
      confirmLabel: tc('delete'),
      cancelLabel: tc('cancel'),
      color: 'red',
      action: async () => {
        try {
          await remove.mutateAsync(team.id);
          notify('green', t('teams.deleted', { name: team.name }));
        } catch (err) {
          notify('warning', problemMessage(tc, err), tc('notSaved'));
          throw err;
        }
      },
    });

  return (
    <>
      <Group justify="space-between" align="flex-end" mb="md">
        <SearchField
          label={tc('search')}
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
          tc('name'),
          tc('description'),
          t('teams.leader'),
          t('teams.members'),
          <span key="actions" className="visually-hidden">
            {tc('actions')}
          </span>,
        ]}
      >
        <TableRows
          columns={COLUMNS}
          pending={teams.isPending}
          rows={rows}
          skeletonRows={4}
          empty={t(search ? 'emptyFiltered' : 'teams.empty')}
        >
          {(team) => (
            <Table.Tr key={team.id} data-testid="team-row">
              <Table.Td fw={500}>{team.name}</Table.Td>
              <Table.Td>
                <Text size="sm" c={team.description ? undefined : 'dimmed'} lineClamp={2}>
                  {team.description || tc('none')}
                </Text>
              </Table.Td>
              <Table.Td>{team.leader?.name ?? tc('none')}</Table.Td>
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
      <ListPagination meta={teams.data?.meta} onPage={(p) => update({ page: p })} />
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
  const { t } = useTranslation('common');
  if (id !== null && !team.data) return <Text c="dimmed">{t('loading')}</Text>;
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
  team: (Team & { members: { id: number; name: string }[] }) | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation('common');
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const form = useForm<TeamValues>({
    initialValues: {
      name: team?.name ?? '',
      description: team?.description ?? '',
      leader_id: team?.leader ? String(team.leader.id) : null,
      member_ids: team?.members.map((m) => String(m.id)) ?? [],
    },
    validate: (values) => schemaErrors(teamCreateSchema, teamPayload(values), tc),
  });
  const input = (field: keyof TeamValues) => form.getInputProps(field);
  // The people already chosen stay offered, whatever the list holds.
  const chosen = [...(team?.leader ? [team.leader] : []), ...(team?.members ?? [])];

  const submit = form.onSubmit(async (values) => {
    try {
      const body = teamPayload(values);
      const saved = team ? await update.mutateAsync({ id: team.id, body }) : await create.mutateAsync(body);
      notify('green', t(team ? 'teams.updated' : 'teams.created', { name: saved.name }));
      onClose();
    } catch (err) {
      showProblem(tc, form, err);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t(team ? 'teams.editTitle' : 'teams.createTitle')}>
      <Stack gap="sm">
        <TextInput label={tc('name')} withAsterisk data-autofocus {...input('name')} />
        <Textarea label={tc('description')} autosize minRows={2} {...input('description')} />
        <PersonSelect label={t('teams.leader')} keep={chosen} clearable {...input('leader_id')} />
        <PeopleMultiSelect
          label={t('teams.members')}
          keep={chosen}
          maxDropdownHeight={260}
          {...input('member_ids')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {tc('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {team ? tc('save') : t('teams.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
