import {
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { PayrollStatus } from '@vahub/shared/money/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageTitle } from '../../../components/ui/page-title';
import { ToneBadge } from '../../../components/ui/tone-badge';
import { dashboardPath } from '../../../config/paths';
import {
  downloadPayroll,
  hours,
  money,
  useCreatePayrollRun,
  useMovePayrollRun,
  usePayrollRun,
  usePayrollRuns,
} from '../../../features/money/api/money';
import { confirmDialog } from '../../../lib/confirm';
import { problemMessage, showProblem } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';

const COLORS: Record<PayrollStatus, string> = { draft: 'gray', approved: 'blue', paid: 'green', void: 'red' };

/** Admin → Payroll: the runs, a new run of a period. */
export function PayrollPage() {
  const { t } = useTranslation('money');
  const [page] = useState(1);
  const runs = usePayrollRuns(page);
  const create = useCreatePayrollRun();
  const form = useForm({ initialValues: { start_date: '', end_date: '' } });
  const submit = form.onSubmit(async (v) => {
    try {
      await create.mutateAsync(v);
      form.reset();
    } catch (err) {
      showProblem(t, form, err);
    }
  });
  return (
    <>
      <PageTitle title={t('payroll.title')} text={t('payroll.text')} />
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md" component="form" onSubmit={submit}>
          <Title order={4} mb="sm">
            {t('payroll.new')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              type="date"
              label={t('invoices.start')}
              required
              {...form.getInputProps('start_date')}
            />
            <TextInput type="date" label={t('invoices.end')} required {...form.getInputProps('end_date')} />
            <Group align="flex-end">
              <Button type="submit" loading={create.isPending}>
                {t('payroll.create')}
              </Button>
            </Group>
          </SimpleGrid>
        </Paper>
        {!runs.data ? (
          <Skeleton height={160} />
        ) : runs.data.data.length === 0 ? (
          <EmptyState>{t('payroll.empty')}</EmptyState>
        ) : (
          <Table striped aria-label={t('payroll.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payroll.run')}</Table.Th>
                <Table.Th>{t('invoices.status')}</Table.Th>
                <Table.Th ta="right">{t('invoices.total')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.data.data.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Link to={dashboardPath('admin', `payroll/${r.id}`)}>{r.label}</Link>
                  </Table.Td>
                  <Table.Td>
                    <ToneBadge color={COLORS[r.status]}>{t(`payroll.state.${r.status}`)}</ToneBadge>
                  </Table.Td>
                  <Table.Td ta="right">
                    {r.totals.map((x) => money(x.amount_cents, x.currency)).join(' · ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </>
  );
}

/** Admin → Payroll → one run: its table per VA and currency, approve, mark paid, export. */
export function PayrollRunPage() {
  const { t } = useTranslation('money');
  const id = Number(useParams().id);
  const run = usePayrollRun(id);
  const move = useMovePayrollRun(id);
  const act = (status: 'approved' | 'paid' | 'void', message: string) =>
    confirmDialog({
      message,
      ...(status === 'void' ? { confirmLabel: t('payroll.void'), color: 'red' } : {}),
      action: async () => {
        try {
          await move.mutateAsync(status);
        } catch (err) {
          notify('warning', problemMessage(t, err));
        }
      },
    });
  const file = async (format: 'csv' | 'xlsx') => {
    try {
      await downloadPayroll(id, format);
    } catch (err) {
      notify('warning', problemMessage(t, err));
    }
  };
  const r = run.data;
  return (
    <>
      <PageTitle title={t('payroll.title')} />
      <Button component={Link} to={dashboardPath('admin', 'payroll')} variant="subtle" mb="sm">
        ‹ {t('payroll.title')}
      </Button>
      {!r ? (
        <Skeleton height={240} />
      ) : (
        <Stack gap="md">
          <Group justify="space-between">
            <Group gap="xs">
              <Title order={3}>{r.label}</Title>
              <ToneBadge color={COLORS[r.status]}>{t(`payroll.state.${r.status}`)}</ToneBadge>
            </Group>
            <Group gap="xs">
              <Button variant="default" onClick={() => file('csv')}>
                {t('payroll.exportCsv')}
              </Button>
              <Button variant="default" onClick={() => file('xlsx')}>
                {t('payroll.exportXlsx')}
              </Button>
              {r.status === 'draft' && (
                <Button onClick={() => act('approved', t('payroll.approveConfirm'))}>
                  {t('payroll.approve')}
                </Button>
              )}
              {r.status === 'approved' && (
                <Button onClick={() => act('paid', t('payroll.paidConfirm'))}>{t('payroll.markPaid')}</Button>
              )}
              {(r.status === 'draft' || r.status === 'approved') && (
                <Button color="red" variant="light" onClick={() => act('void', t('payroll.voidConfirm'))}>
                  {t('payroll.void')}
                </Button>
              )}
            </Group>
          </Group>
          <Table.ScrollContainer minWidth={720}>
            <Table striped aria-label={r.label}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payroll.va')}</Table.Th>
                  <Table.Th>{t('invoices.currency')}</Table.Th>
                  <Table.Th ta="right">{t('payroll.worked')}</Table.Th>
                  <Table.Th ta="right">{t('payroll.billable')}</Table.Th>
                  <Table.Th ta="right">{t('payroll.overtime')}</Table.Th>
                  <Table.Th ta="right">{t('payroll.unpriced')}</Table.Th>
                  <Table.Th ta="right">{t('editor.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.lines.map((l) => (
                  <Table.Tr key={`${l.va_id}-${l.currency}`}>
                    <Table.Td>{l.va.name}</Table.Td>
                    <Table.Td>{l.currency}</Table.Td>
                    <Table.Td ta="right">{hours(l.worked_minutes)}</Table.Td>
                    <Table.Td ta="right">{hours(l.billable_minutes)}</Table.Td>
                    <Table.Td ta="right">{hours(l.overtime_minutes)}</Table.Td>
                    <Table.Td ta="right">
                      <Text span c={l.unpriced_minutes ? 'red' : undefined}>
                        {hours(l.unpriced_minutes)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{money(l.amount_cents, l.currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </>
  );
}
