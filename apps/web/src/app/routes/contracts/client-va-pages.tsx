import { Avatar, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ListPagination } from '../../../components/lists/list-pagination';
import { PageTitle } from '../../../components/ui/page-title';
import { PrefetchLink } from '../../../components/ui/prefetch-link';
import { dashboardPath } from '../../../config/paths';
import { useContractsSchedules } from '../../../features/contracts/api/contracts';
import { useMyVa, useMyVas } from '../../../features/contracts/api/vas';
import { ScheduleEditor } from '../../../features/contracts/components/schedule-editor';
import { StatusBadge } from '../../../features/contracts/components/status-badge';
import { VaTable } from '../../../features/contracts/components/va-table';
import { useViewerTimezone } from './viewer';

const profileHref = (id: number) => dashboardPath('client', `virtual-assistants/profile/${id}`);
const schedulesHref = (id: number) => dashboardPath('client', `virtual-assistants/schedules/${id}`);

/** Client `virtual-assistants`: their VAs, searchable. */
export function ClientVasPage() {
  const { t } = useTranslation('contracts');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const list = useMyVas(page, debounced);
  return (
    <>
      <PageTitle title={t('pages.myVas')} text={t('pages.myVasText')} />
      <Stack gap="md">
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
        ) : (
          <VaTable
            vas={list.data?.data ?? []}
            name={(va) => (
              <PrefetchLink to={profileHref(va.id)} size="sm">
                {va.name}
              </PrefetchLink>
            )}
            actions={(va) => (
              <PrefetchLink to={schedulesHref(va.id)} size="sm">
                {t('vas.schedules')}
              </PrefetchLink>
            )}
          />
        )}
        <ListPagination meta={list.data?.meta} onPage={setPage} />
      </Stack>
    </>
  );
}

/** Client `virtual-assistants/profile/:id`: one VA and the contracts they hold with the client. */
export function ClientVaProfilePage() {
  const { t } = useTranslation('contracts');
  const id = Number(useParams().id);
  const va = useMyVa(id);
  if (va.isPending) return <Loader aria-label={t('common:loading')} />;
  if (!va.data) {
    return (
      <>
        <PageTitle title={t('pages.vaProfile')} />
        <Text c="dimmed">{t('vas.notFound')}</Text>
      </>
    );
  }
  const v = va.data;
  return (
    <>
      <PageTitle title={v.name} text={v.position ?? undefined} />
      <Paper withBorder p="md" maw={640}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar src={v.avatar_url} name={v.name} size="lg" alt="" />
          <Stack gap={4}>
            <Text>{v.email}</Text>
            <Text size="sm" c="dimmed">
              {t('vas.timezone')}: {v.timezone}
            </Text>
          </Stack>
        </Group>
        <Title order={2} size="h4" mt="md" mb="xs">
          {t('vas.contracts')}
        </Title>
        <Stack gap={6}>
          {v.contracts.map((c) => (
            <Group key={c.id} gap="xs">
              <PrefetchLink to={dashboardPath('client', `schedules/${c.id}`)}>{c.title}</PrefetchLink>
              <StatusBadge status={c.status} />
            </Group>
          ))}
        </Stack>
        <PrefetchLink to={schedulesHref(v.id)} mt="md" display="block">
          {t('vas.schedules')}
        </PrefetchLink>
      </Paper>
    </>
  );
}

/** Client `virtual-assistants/schedules/:id` (a VA's id): that VA's schedules with this client. */
export function ClientVaSchedulesPage() {
  const { t } = useTranslation('contracts');
  const id = Number(useParams().id);
  const viewerTz = useViewerTimezone();
  const data = useContractsSchedules('client', id);
  if (data.isPending) return <Loader aria-label={t('common:loading')} />;
  const contracts = data.data?.data ?? [];
  return (
    <>
      <PageTitle
        title={
          contracts[0] ? t('pages.vaSchedulesOf', { name: contracts[0].va.name }) : t('pages.vaSchedules')
        }
      />
      {contracts.length === 0 && <Text c="dimmed">{t('vas.notFound')}</Text>}
      <Stack gap="xl">
        {contracts.map((c) => (
          <Stack key={c.id} gap="xs">
            <Group gap="sm">
              <Title order={2} size="h4">
                {c.title}
              </Title>
              <StatusBadge status={c.status} />
            </Group>
            <ScheduleEditor
              contractId={c.id}
              timezone={c.timezone}
              viewerTimezone={viewerTz}
              blocks={c.schedules ?? []}
              area={c.status === 'ended' ? undefined : 'client'}
              onSaved={() => data.refetch()}
              title={t('grid.labelOf', { title: c.title })}
            />
          </Stack>
        ))}
      </Stack>
    </>
  );
}
