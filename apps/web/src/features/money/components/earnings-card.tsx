import { Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hours, money, useEarnings } from '../api/money';

const monthStart = (d: Date) => `${d.toISOString().slice(0, 8)}01`;
const today = (d: Date) => d.toISOString().slice(0, 10);

/** The VA's Earnings on their timesheets page: their approved hours and pay per currency, and their payroll runs. */
export function EarningsCard() {
  const { t } = useTranslation('money');
  const now = new Date();
  const [start, setStart] = useState(monthStart(now));
  const [end, setEnd] = useState(today(now));
  const earnings = useEarnings(start, end);
  return (
    <Paper withBorder p="md" radius="md" data-testid="earnings">
      <Title order={4}>{t('earnings.title')}</Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('earnings.text')}
      </Text>
      <Group mb="sm">
        <TextInput
          type="date"
          label={t('invoices.start')}
          value={start}
          onChange={(e) => setStart(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('invoices.end')}
          value={end}
          onChange={(e) => setEnd(e.currentTarget.value)}
        />
      </Group>
      {!earnings.data ? (
        <Skeleton height={60} />
      ) : earnings.data.totals.length === 0 ? (
        <Text c="dimmed">{t('earnings.empty')}</Text>
      ) : (
        <Stack gap="sm">
          <Group gap="xl">
            {earnings.data.totals.map((x) => (
              <Stack gap={0} key={x.currency}>
                <Text fw={700} size="lg">
                  {money(x.amount_cents, x.currency)}
                </Text>
                <Text size="sm" c="dimmed">
                  {hours(x.billable_minutes)} h · {t('payroll.overtime')}: {hours(x.overtime_minutes)}
                </Text>
              </Stack>
            ))}
          </Group>
          {earnings.data.runs.length > 0 && (
            <Table aria-label={t('earnings.runs')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('earnings.runs')}</Table.Th>
                  <Table.Th>{t('invoices.status')}</Table.Th>
                  <Table.Th ta="right">{t('editor.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {earnings.data.runs.map((r) => (
                  <Table.Tr key={`${r.id}-${r.currency}`}>
                    <Table.Td>{r.label}</Table.Td>
                    <Table.Td>{t(`payroll.state.${r.status}`)}</Table.Td>
                    <Table.Td ta="right">{money(r.amount_cents, r.currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Paper>
  );
}
