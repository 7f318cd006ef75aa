import { Badge, Group, Loader, Stack, Text } from '@mantine/core';
import type { Contract } from '@vahub/shared/contracts/schemas';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { PrefetchLink } from '../../../components/ui/prefetch-link';
import { dashboardPath } from '../../../config/paths';
import { useContract } from '../../../features/contracts/api/contracts';
import { useSchedules } from '../../../features/contracts/api/schedules';
import { ContractActionButtons } from '../../../features/contracts/components/contract-actions';
import { ScheduleEditor } from '../../../features/contracts/components/schedule-editor';
import { StatusBadge } from '../../../features/contracts/components/status-badge';
import { clientName } from '../../../lib/format/client-name';
import { managerContractFilters } from './loaders';
import { useViewerTimezone } from './viewer';

/** Who, when and where of a contract, above its schedule. */
export function ContractSummary({ contract }: { contract: Contract }) {
  const { t } = useTranslation('contracts');
  return (
    <Group gap="sm" mb="md" wrap="wrap">
      <StatusBadge status={contract.status} />
      <Text size="sm">
        {t('contracts.between', { va: contract.va.name, client: clientName(contract.client) })}
      </Text>
      <Badge variant="outline" color="gray">
        {contract.timezone}
      </Badge>
      <Text size="sm" c="dimmed">
        {contract.start_date} – {contract.end_date ?? t('contracts.openEnded')}
      </Text>
    </Group>
  );
}

/**
 * `schedules/:id` pages: `:id` is the CONTRACT's id (a schedule is the contract's week, not one block).
 * Admins edit any contract's week and move its status; clients edit the blocks of their own contracts.
 */
function ContractSchedule({ area }: { area: 'admin' | 'client' }) {
  const { t } = useTranslation('contracts');
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const viewerTz = useViewerTimezone();
  const contract = useContract(area, id);
  if (contract.isPending) return <Loader aria-label={t('common:loading')} />;
  if (!contract.data) {
    return (
      <>
        <PageTitle title={t('pages.editor')} />
        <Text c="dimmed">{t('editor.notFound')}</Text>
      </>
    );
  }
  const c = contract.data;
  const editable = c.status !== 'ended';
  return (
    <>
      <PageTitle
        title={c.title}
        actions={
          area === 'admin' && (
            <ContractActionButtons
              contract={c}
              withDelete={() => navigate(dashboardPath('admin', 'virtual-assistants/schedules'))}
            />
          )
        }
      />
      <ContractSummary contract={c} />
      {!editable && (
        <Text c="dimmed" mb="sm">
          {t('editor.endedReadOnly')}
        </Text>
      )}
      <ScheduleEditor
        contractId={c.id}
        timezone={c.timezone}
        viewerTimezone={viewerTz}
        blocks={c.schedules ?? []}
        area={editable ? area : undefined}
        onSaved={() => contract.refetch()}
        title={t('grid.labelOf', { title: c.title })}
      />
    </>
  );
}

export function AdminScheduleEditorPage() {
  return <ContractSchedule area="admin" />;
}

export function ClientScheduleEditorPage() {
  return <ContractSchedule area="client" />;
}

/** Manager `virtual-assistants/schedules/:id` (contract id): the week, read-only. */
export function ManagerSchedulePage() {
  const { t } = useTranslation('contracts');
  const id = Number(useParams().id);
  const viewerTz = useViewerTimezone();
  const list = useSchedules('manager', managerContractFilters(id));
  if (list.isPending) return <Loader aria-label={t('common:loading')} />;
  const rows = list.data?.data ?? [];
  const first = rows[0];
  return (
    <>
      <PageTitle title={first?.contract.title ?? t('pages.editor')} />
      {first ? (
        <Stack gap="sm">
          <Group gap="sm">
            <StatusBadge status={first.contract.status} />
            <Text size="sm">
              {t('contracts.between', { va: first.va.name, client: clientName(first.client) })}
            </Text>
          </Group>
          <ScheduleEditor
            contractId={id}
            timezone={first.timezone}
            viewerTimezone={viewerTz}
            blocks={rows}
            title={t('grid.labelOf', { title: first.contract.title })}
          />
        </Stack>
      ) : (
        <Text c="dimmed">{t('editor.noBlocks')}</Text>
      )}
      <PrefetchLink
        to={dashboardPath('manager', 'virtual-assistants/schedules')}
        size="sm"
        mt="md"
        display="block"
      >
        {t('editor.back')}
      </PrefetchLink>
    </>
  );
}
