import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import type { InvoiceDetail, InvoicePatch, InvoiceStatus } from '@vahub/shared/money/schemas';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToneBadge } from '../../../components/ui/tone-badge';
import { confirmDialog } from '../../../lib/confirm';
import { hours, money } from '../api/money';

export const STATUS_COLORS: Record<InvoiceStatus, string> = {
  draft: 'gray',
  issued: 'blue',
  paid: 'green',
  void: 'red',
};

type LineEdit = { id: number; description: string; rate: number; remove: boolean };

export type InvoiceEditorProps = {
  invoice: InvoiceDetail;
  /** Saves a draft's edits (lines, tax, discount, notes). */
  onSave: (patch: InvoicePatch) => Promise<unknown>;
  /** Moves the invoice: issued, paid, void. */
  onMove: (status: 'issued' | 'paid' | 'void') => Promise<unknown>;
  onDelete: () => Promise<unknown>;
  onPdf: () => unknown;
  busy?: boolean;
};

/**
 * One invoice: a draft is edited here (each line's description and rate, removing a line, tax, discount, notes)
 * and shows what it left out and why; an issued one is marked paid or voided. Destructive moves ask first.
 */
export function InvoiceEditor({ invoice, onSave, onMove, onDelete, onPdf, busy }: InvoiceEditorProps) {
  const { t } = useTranslation('money');
  const draft = invoice.status === 'draft';
  const [lines, setLines] = useState<LineEdit[]>([]);
  const [tax, setTax] = useState<number>(invoice.tax_rate);
  const [discount, setDiscount] = useState<number>(invoice.discount_percent);
  const [notes, setNotes] = useState(invoice.notes ?? '');
  useEffect(() => {
    setLines(
      invoice.lines.map((l) => ({
        id: l.id,
        description: l.description,
        rate: l.rate_cents / 100,
        remove: false,
      })),
    );
    setTax(invoice.tax_rate);
    setDiscount(invoice.discount_percent);
    setNotes(invoice.notes ?? '');
  }, [invoice]);
  const cur = (cents: number) => money(cents, invoice.currency);
  const label = invoice.number ?? t('invoices.draft');

  const save = () =>
    onSave({
      tax_rate: tax,
      discount_percent: discount,
      notes: notes || null,
      lines: lines
        .map((l) => {
          const before = invoice.lines.find((x) => x.id === l.id);
          if (l.remove) return { id: l.id, remove: true };
          const change: { id: number; description?: string; rate?: number } = { id: l.id };
          if (before && l.description !== before.description) change.description = l.description;
          if (before && Math.round(l.rate * 100) !== before.rate_cents) change.rate = l.rate;
          return change;
        })
        .filter((c) => Object.keys(c).length > 1),
    });
  const edit = (id: number, change: Partial<LineEdit>) =>
    setLines((all) => all.map((l) => (l.id === id ? { ...l, ...change } : l)));

  return (
    <Stack gap="md" maw={980}>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={3} data-testid="invoice-number">
                {label}
              </Title>
              <ToneBadge color={STATUS_COLORS[invoice.status]} data-testid="invoice-status">
                {t(`invoices.state.${invoice.status}`)}
              </ToneBadge>
            </Group>
            <Text>
              {invoice.client.company_name ? `${invoice.client.company_name} · ` : ''}
              {invoice.client.name}
            </Text>
            <Text size="sm" c="dimmed">
              {t('invoices.period')}: {invoice.start_date} – {invoice.end_date}
              {invoice.issue_date ? ` · ${t('invoices.issueDate')}: ${invoice.issue_date}` : ''}
              {invoice.due_date ? ` · ${t('invoices.dueDate')}: ${invoice.due_date}` : ''}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => onPdf()}>
              {t('invoices.pdf')}
            </Button>
            {draft && (
              <>
                <Button
                  color="red"
                  variant="light"
                  onClick={() =>
                    confirmDialog({ message: t('editor.deleteConfirm'), color: 'red', action: onDelete })
                  }
                >
                  {t('editor.delete')}
                </Button>
                <Button
                  loading={busy}
                  onClick={() =>
                    confirmDialog({
                      message: t('editor.issueConfirm', {
                        total: cur(invoice.total_cents),
                        client: invoice.client.name,
                      }),
                      confirmLabel: t('editor.issue'),
                      action: () => onMove('issued'),
                    })
                  }
                >
                  {t('editor.issue')}
                </Button>
              </>
            )}
            {invoice.status === 'issued' && (
              <>
                <Button
                  color="red"
                  variant="light"
                  onClick={() =>
                    confirmDialog({
                      message: t('editor.voidConfirm', { number: label }),
                      color: 'red',
                      confirmLabel: t('editor.void'),
                      action: () => onMove('void'),
                    })
                  }
                >
                  {t('editor.void')}
                </Button>
                <Button
                  onClick={() =>
                    confirmDialog({
                      message: t('editor.paidConfirm', { number: label }),
                      confirmLabel: t('editor.markPaid'),
                      action: () => onMove('paid'),
                    })
                  }
                >
                  {t('editor.markPaid')}
                </Button>
              </>
            )}
          </Group>
        </Group>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Title order={4} mb="sm">
          {t('editor.lines')}
        </Title>
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={t('editor.lines')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('editor.description')}</Table.Th>
                <Table.Th ta="right">{t('editor.hours')}</Table.Th>
                <Table.Th ta="right">{t('editor.rate')}</Table.Th>
                <Table.Th ta="right">{t('editor.amount')}</Table.Th>
                {draft && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.lines.map((line) => {
                const e = lines.find((l) => l.id === line.id);
                if (draft && e?.remove) return null;
                return (
                  <Table.Tr key={line.id} data-testid="invoice-line">
                    <Table.Td>
                      {draft && e ? (
                        <TextInput
                          aria-label={t('editor.description')}
                          value={e.description}
                          onChange={(ev) => edit(line.id, { description: ev.currentTarget.value })}
                        />
                      ) : (
                        line.description
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{hours(line.minutes)}</Table.Td>
                    <Table.Td ta="right">
                      {draft && e ? (
                        <NumberInput
                          aria-label={t('editor.rate')}
                          value={e.rate}
                          min={0}
                          decimalScale={2}
                          w={110}
                          onChange={(v) => edit(line.id, { rate: Number(v) || 0 })}
                        />
                      ) : (
                        cur(line.rate_cents)
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{cur(line.amount_cents)}</Table.Td>
                    {draft && (
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('editor.remove')}
                          onClick={() => edit(line.id, { remove: true })}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack gap={2} align="flex-end" mt="sm" data-testid="invoice-totals">
          <Text>
            {t('editor.subtotal')}: {cur(invoice.subtotal_cents)}
          </Text>
          {invoice.discount_cents > 0 && (
            <Text>
              {t('editor.discount')}: −{cur(invoice.discount_cents)}
            </Text>
          )}
          <Text>
            {t('editor.tax')}: {cur(invoice.tax_cents)}
          </Text>
          <Text fw={700}>
            {t('invoices.total')}: {cur(invoice.total_cents)}
          </Text>
        </Stack>
      </Paper>

      {draft && (
        <Paper withBorder p="md" radius="md">
          <Group grow align="flex-start">
            <NumberInput
              label={t('editor.tax')}
              value={tax}
              min={0}
              max={100}
              decimalScale={2}
              onChange={(v) => setTax(Number(v) || 0)}
            />
            <NumberInput
              label={t('editor.discount')}
              value={discount}
              min={0}
              max={100}
              decimalScale={2}
              onChange={(v) => setDiscount(Number(v) || 0)}
            />
          </Group>
          <Textarea
            label={t('editor.notes')}
            mt="sm"
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            rows={3}
          />
          <Group justify="flex-end" mt="sm">
            <Button loading={busy} onClick={() => save()}>
              {t('editor.save')}
            </Button>
          </Group>
        </Paper>
      )}

      {draft && (
        <Paper withBorder p="md" radius="md">
          <Title order={4}>{t('editor.leftOut')}</Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('editor.leftOutHint')}
          </Text>
          {invoice.left_out.length === 0 ? (
            <Alert color="green" variant="light">
              {t('editor.noneLeftOut')}
            </Alert>
          ) : (
            <Table aria-label={t('editor.leftOut')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('editor.date')}</Table.Th>
                  <Table.Th ta="right">{t('editor.hours')}</Table.Th>
                  <Table.Th>{t('invoices.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.left_out.map((l) => (
                  <Table.Tr key={l.timesheet_id} data-testid="left-out">
                    <Table.Td>{l.date}</Table.Td>
                    <Table.Td ta="right">{hours(l.minutes)}</Table.Td>
                    <Table.Td>{t(`editor.reason.${l.reason}`, { detail: l.detail ?? '' })}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      )}
    </Stack>
  );
}
