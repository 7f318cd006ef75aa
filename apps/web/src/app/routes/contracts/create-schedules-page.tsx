import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { useContract, useContracts } from '../../../features/contracts/api/contracts';
import { ContractActionButtons } from '../../../features/contracts/components/contract-actions';
import { ContractForm } from '../../../features/contracts/components/contract-form';
import { ScheduleEditor } from '../../../features/contracts/components/schedule-editor';
import { clientName } from '../../../lib/format/client-name';
import { ContractSummary } from './editor-pages';
import { useViewerTimezone } from './viewer';

/**
 * Admin `virtual-assistants/create-schedules`: pick a contract (or create one), build its week on the grid,
 * then activate it. The chosen contract stays in the URL (`?contract=`).
 */
export function CreateSchedulesPage() {
  const { t } = useTranslation('contracts');
  const viewerTz = useViewerTimezone();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [creating, setCreating] = useState(false);
  const contractId = Number(params.get('contract') ?? 0);
  const list = useContracts({ per_page: 50, search: debounced || undefined });
  const contract = useContract('admin', contractId, contractId > 0);
  const choose = (id: number | null) => setParams(id ? { contract: String(id) } : {}, { replace: true });
  const options = (list.data?.data ?? [])
    .filter((c) => c.status !== 'ended')
    .map((c) => ({ value: String(c.id), label: `${c.title} — ${c.va.name} / ${clientName(c.client)}` }));
  if (contract.data && !options.some((o) => o.value === String(contract.data.id))) {
    const c = contract.data;
    options.unshift({ value: String(c.id), label: `${c.title} — ${c.va.name} / ${clientName(c.client)}` });
  }
  const c = contract.data;
  return (
    <>
      <PageTitle title={t('pages.createSchedules')} text={t('pages.createSchedulesText')} />
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('editor.pickContract')}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: o }) => o}
            data={options}
            value={contractId ? String(contractId) : null}
            onChange={(v) => choose(v ? Number(v) : null)}
            nothingFoundMessage={t('editor.noContracts')}
            w={{ base: '100%', sm: 420 }}
          />
          <Button variant="light" onClick={() => setCreating(true)}>
            {t('contracts.new')}
          </Button>
        </Group>
        {c ? (
          <>
            <Group justify="space-between" align="center">
              <ContractSummary contract={c} />
              <ContractActionButtons contract={c} />
            </Group>
            <ScheduleEditor
              key={c.id}
              contractId={c.id}
              timezone={c.timezone}
              viewerTimezone={viewerTz}
              blocks={c.schedules ?? []}
              area={c.status === 'ended' ? undefined : 'admin'}
              onSaved={() => contract.refetch()}
              title={t('grid.labelOf', { title: c.title })}
            />
          </>
        ) : (
          <Text c="dimmed">{t('editor.pickFirst')}</Text>
        )}
      </Stack>
      <Modal opened={creating} onClose={() => setCreating(false)} title={t('form.title')} size="xl">
        <ContractForm
          onCreated={(created) => {
            setCreating(false);
            choose(created.id);
          }}
          onCancel={() => setCreating(false)}
        />
      </Modal>
    </>
  );
}
