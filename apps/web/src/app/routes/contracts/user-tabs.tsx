import { Button, Group, Loader, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { VaOfClient } from '@vahub/shared/contracts/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ListPagination } from '../../../components/lists/list-pagination';
import { PrefetchLink } from '../../../components/ui/prefetch-link';
import { dashboardPath } from '../../../config/paths';
import { useContractsSchedules, useUserContracts } from '../../../features/contracts/api/contracts';
import { useClientVaList } from '../../../features/contracts/api/vas';
import { AddVaDialog } from '../../../features/contracts/components/add-va-dialog';
import { ContractForm } from '../../../features/contracts/components/contract-form';
import { ContractsTable } from '../../../features/contracts/components/contracts-table';
import { ScheduleEditor } from '../../../features/contracts/components/schedule-editor';
import { StatusBadge } from '../../../features/contracts/components/status-badge';
import { VaTable } from '../../../features/contracts/components/va-table';
import { useUser } from '../../../features/people/api/users';
import { clientName } from '../../../lib/format/client-name';
import { useViewerTimezone } from './viewer';

const editorHref = (id: number) => dashboardPath('admin', `virtual-assistants/schedules/${id}`);

const useUserId = () => Number(useParams().id);

/**
 * The user's side of a new contract, filled in and fixed in the form: their role says it (a VA, or a client), and
 * for someone who is both, the side of their contracts so far.
 */
function sideOf(
  userId: number,
  roles: string[],
  first: { va_id: number } | undefined,
): { va_id?: number; client_id?: number } | undefined {
  const va = roles.includes('va');
  const client = roles.includes('client');
  if (va && client && first) return first.va_id === userId ? { va_id: userId } : { client_id: userId };
  if (va && !client) return { va_id: userId };
  if (client && !va) return { client_id: userId };
  return undefined;
}

/** Admin `users/:id/contracts`: the user's contracts as VA or client, with a form for a new one. */
export function UserContractsTab() {
  const { t } = useTranslation('contracts');
  const userId = useUserId();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const list = useUserContracts(userId, page);
  const user = useUser('admin', userId);
  const fixed = sideOf(userId, user.data?.roles.map((r) => r.name) ?? [], list.data?.data[0]);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('tabs.contracts')}
        </Title>
        <Button onClick={() => setCreating(true)}>{t('contracts.new')}</Button>
      </Group>
      {list.isPending ? (
        <Loader aria-label={t('common:loading')} />
      ) : (
        <ContractsTable contracts={list.data?.data ?? []} scheduleHref={(c) => editorHref(c.id)} />
      )}
      <ListPagination meta={list.data?.meta} onPage={setPage} />
      <Modal opened={creating} onClose={() => setCreating(false)} title={t('form.title')} size="xl">
        <ContractForm
          fixed={fixed}
          onCreated={() => setCreating(false)}
          onCancel={() => setCreating(false)}
        />
      </Modal>
    </Stack>
  );
}

/** Admin `users/:id/schedules`: each of the user's contracts with its week grid. */
export function UserSchedulesTab() {
  const { t } = useTranslation('contracts');
  const userId = useUserId();
  const viewerTz = useViewerTimezone();
  const data = useContractsSchedules('admin', userId);
  if (data.isPending) return <Loader aria-label={t('common:loading')} />;
  const contracts = data.data?.data ?? [];
  return (
    <Stack gap="xl">
      <Title order={2} size="h3">
        {t('tabs.schedules')}
      </Title>
      {contracts.length === 0 && <Text c="dimmed">{t('contracts.empty')}</Text>}
      {contracts.map((c) => (
        <Stack key={c.id} gap="xs">
          <Group gap="sm">
            <Title order={3} size="h4">
              {c.title}
            </Title>
            <StatusBadge status={c.status} />
            <Text size="sm" c="dimmed">
              {t('contracts.between', { va: c.va.name, client: clientName(c.client) })}
            </Text>
          </Group>
          <ScheduleEditor
            contractId={c.id}
            timezone={c.timezone}
            viewerTimezone={viewerTz}
            blocks={c.schedules ?? []}
            area={c.status === 'ended' ? undefined : 'admin'}
            onSaved={() => data.refetch()}
            title={t('grid.labelOf', { title: c.title })}
          />
        </Stack>
      ))}
    </Stack>
  );
}

/** Admin `users/:id/va-list`: a client's VAs; "Add VA" starts a draft contract with one more. */
export function UserVaListTab() {
  const { t } = useTranslation('contracts');
  const clientId = useUserId();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [adding, setAdding] = useState(false);
  const list = useClientVaList(clientId, page, debounced);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('tabs.vaList')}
        </Title>
        <Button onClick={() => setAdding(true)}>{t('vas.add')}</Button>
      </Group>
      <TextInput
        label={t('vas.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={320}
      />
      {list.isPending ? (
        <Loader aria-label={t('common:loading')} />
      ) : list.isError ? (
        <Text c="dimmed">{t('vas.notClient')}</Text>
      ) : (
        <VaTableWithLinks vas={list.data?.data ?? []} />
      )}
      <ListPagination meta={list.data?.meta} onPage={setPage} />
      <AddVaDialog clientId={clientId} opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}

function VaTableWithLinks({ vas }: { vas: VaOfClient[] }) {
  const { t } = useTranslation('contracts');
  return (
    <VaTable
      vas={vas}
      actions={(va) => (
        <Group gap="xs">
          {va.contracts.map((c) => (
            <PrefetchLink key={c.id} to={editorHref(c.id)} size="sm">
              {t('vas.scheduleOf', { title: c.title })}
            </PrefetchLink>
          ))}
        </Group>
      )}
    />
  );
}
