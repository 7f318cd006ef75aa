import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload } from '@tabler/icons-react';
import type { InvoiceStatus } from '@vahub/shared/money/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageTitle } from '../../../components/ui/page-title';
import { ToneBadge } from '../../../components/ui/tone-badge';
import { dashboardPath } from '../../../config/paths';
import {
  downloadInvoicePdf,
  type InvoiceArea,
  money,
  type SupervisorArea,
  useCreateInvoice,
  useDeleteInvoice,
  useInvoice,
  useInvoiceClients,
  useInvoiceList,
  useUpdateInvoice,
} from '../../../features/money/api/money';
import { InvoiceEditor, STATUS_COLORS } from '../../../features/money/components/invoice-editor';
import { problemMessage, showProblem } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';

const STATUSES: InvoiceStatus[] = ['draft', 'issued', 'paid', 'void'];

/** Create a draft from a client and a period; the editor then shows its lines and what it left out. */
function NewInvoice({ area }: { area: SupervisorArea }) {
  const { t } = useTranslation('money');
  const clients = useInvoiceClients(area);
  const create = useCreateInvoice(area);
  const navigate = useNavigate();
  const form = useForm({ initialValues: { client_id: '', start_date: '', end_date: '', currency: '' } });
  const submit = form.onSubmit(async (v) => {
    try {
      const inv = await create.mutateAsync({
        client_id: Number(v.client_id),
        start_date: v.start_date,
        end_date: v.end_date,
        ...(v.currency ? { currency: v.currency.toUpperCase() } : {}),
      });
      navigate(dashboardPath(area, `invoices/${inv.id}`));
    } catch (err) {
      showProblem(t, form, err);
    }
  });
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit}>
      <Title order={4} mb="sm">
        {t('invoices.new')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <Select
          label={t('invoices.client')}
          data={clients.data ?? []}
          searchable
          required
          {...form.getInputProps('client_id')}
        />
        <TextInput type="date" label={t('invoices.start')} required {...form.getInputProps('start_date')} />
        <TextInput type="date" label={t('invoices.end')} required {...form.getInputProps('end_date')} />
        <TextInput
          label={t('invoices.currency')}
          description={t('invoices.currencyHint')}
          maxLength={3}
          {...form.getInputProps('currency')}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={create.isPending}>
          {t('invoices.createDraft')}
        </Button>
      </Group>
    </Paper>
  );
}

/** The list: totals per status and currency, a status filter, each invoice with its PDF. */
function InvoiceList({ area }: { area: InvoiceArea }) {
  const { t } = useTranslation('money');
  const [status, setStatus] = useState<InvoiceStatus | null>(null);
  const [page, setPage] = useState(1);
  const list = useInvoiceList(area, { page, per_page: 20, ...(status ? { status } : {}) });
  const pdf = async (id: number) => {
    try {
      await downloadInvoicePdf(area, id);
    } catch (err) {
      notify('warning', problemMessage(t, err));
    }
  };
  // A manager whose organization does not let managers handle invoices: the API's 403 says so.
  if (list.isError) return <LoadError ns="money" error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <Skeleton height={200} />;
  const { data, meta } = list.data;
  const supervisor = area !== 'client';
  return (
    <Stack gap="sm">
      {meta.totals.length > 0 && (
        <Paper withBorder p="sm" radius="md" data-testid="invoice-totals-by-status">
          <Text fw={600} size="sm" mb={4}>
            {t('invoices.totals')}
          </Text>
          <Group gap="md">
            {meta.totals.map((s) => (
              <Text key={`${s.status}-${s.currency}`} size="sm">
                {t('invoices.totalsLine', {
                  count: s.count,
                  status: t(`invoices.state.${s.status}`),
                  amount: money(s.total_cents, s.currency),
                })}
              </Text>
            ))}
          </Group>
        </Paper>
      )}
      {supervisor && (
        <Select
          label={t('invoices.filterStatus')}
          w={220}
          clearable
          placeholder={t('invoices.all')}
          data={STATUSES.map((s) => ({ value: s, label: t(`invoices.state.${s}`) }))}
          value={status}
          onChange={(v) => {
            setStatus(v as InvoiceStatus | null);
            setPage(1);
          }}
        />
      )}
      {data.length === 0 ? (
        <EmptyState>{supervisor ? t('invoices.empty') : t('invoices.clientEmpty')}</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label={t('invoices.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invoices.number')}</Table.Th>
                {supervisor && <Table.Th>{t('invoices.client')}</Table.Th>}
                <Table.Th>{t('invoices.period')}</Table.Th>
                <Table.Th>{t('invoices.status')}</Table.Th>
                <Table.Th>{t('invoices.dueDate')}</Table.Th>
                <Table.Th ta="right">{t('invoices.total')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((inv) => (
                <Table.Tr key={inv.id} data-testid="invoice-row">
                  <Table.Td>
                    {supervisor ? (
                      <Link to={dashboardPath(area, `invoices/${inv.id}`)}>
                        {inv.number ?? t('invoices.draft')}
                      </Link>
                    ) : (
                      inv.number
                    )}
                  </Table.Td>
                  {supervisor && <Table.Td>{inv.client.company_name ?? inv.client.name}</Table.Td>}
                  <Table.Td>
                    {inv.start_date} – {inv.end_date}
                  </Table.Td>
                  <Table.Td>
                    <ToneBadge color={STATUS_COLORS[inv.status]}>
                      {t(`invoices.state.${inv.status}`)}
                    </ToneBadge>
                  </Table.Td>
                  <Table.Td>{inv.due_date ?? '—'}</Table.Td>
                  <Table.Td ta="right">{money(inv.total_cents, inv.currency)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      leftSection={<IconDownload size={14} />}
                      onClick={() => pdf(inv.id)}
                      aria-label={`${t('invoices.pdf')} ${inv.number ?? inv.id}`}
                    >
                      {t('invoices.pdf')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {meta.last_page > 1 && (
        <Group>
          <Button variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            ‹
          </Button>
          <Text size="sm">
            {meta.current_page} / {meta.last_page}
          </Text>
          <Button variant="default" disabled={page >= meta.last_page} onClick={() => setPage(page + 1)}>
            ›
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * Invoices of a supervisor: an admin's (Admin → Invoices) or a manager's (their clients', where the organization
 * lets managers handle invoices): one screen, the area choosing the API's prefix and the links.
 */
function SupervisorInvoices({ area }: { area: SupervisorArea }) {
  const { t } = useTranslation('money');
  return (
    <>
      <PageTitle title={t('invoices.title')} text={t('invoices.text')} />
      <Stack gap="lg">
        <NewInvoice area={area} />
        <InvoiceList area={area} />
      </Stack>
    </>
  );
}

export const AdminInvoicesPage = () => <SupervisorInvoices area="admin" />;
export const ManagerInvoicesPage = () => <SupervisorInvoices area="manager" />;

/** Invoices → one invoice (the draft editor, issue, paid, void, PDF), an admin's or a manager's. */
function SupervisorInvoice({ area }: { area: SupervisorArea }) {
  const { t } = useTranslation('money');
  const id = Number(useParams().id);
  const invoice = useInvoice(area, id);
  const update = useUpdateInvoice(id, area);
  const remove = useDeleteInvoice(area);
  const navigate = useNavigate();
  const run = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) notify('green', done);
    } catch (err) {
      notify('warning', problemMessage(t, err));
      throw err;
    }
  };
  return (
    <>
      <PageTitle title={t('invoices.title')} />
      <Button component={Link} to={dashboardPath(area, 'invoices')} variant="subtle" mb="sm">
        {t('invoices.back')}
      </Button>
      {!invoice.data ? (
        <Skeleton height={300} />
      ) : (
        <InvoiceEditor
          invoice={invoice.data}
          busy={update.isPending}
          onSave={(patch) => run(() => update.mutateAsync(patch), t('editor.saved'))}
          onMove={(status) =>
            run(async () => {
              const inv = await update.mutateAsync({ status });
              if (status === 'issued') notify('green', t('editor.issued', { number: inv.number }));
            })
          }
          onDelete={() =>
            run(async () => {
              await remove.mutateAsync(id);
              navigate(dashboardPath(area, 'invoices'));
            })
          }
          onPdf={() => run(() => downloadInvoicePdf(area, id))}
        />
      )}
    </>
  );
}

export const AdminInvoicePage = () => <SupervisorInvoice area="admin" />;
export const ManagerInvoicePage = () => <SupervisorInvoice area="manager" />;

/** Client → Invoices: their issued and paid invoices, each with its PDF. */
export function ClientInvoicesPage() {
  const { t } = useTranslation('money');
  return (
    <>
      <PageTitle title={t('invoices.title')} text={t('invoices.clientText')} />
      <InvoiceList area="client" />
    </>
  );
}
