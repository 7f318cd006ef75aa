import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { AdminPlan, PlanInput } from '@vahub/shared/billing/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import { ToneBadge } from '../../../components/ui/tone-badge';
import { confirmDialog } from '../../../lib/confirm';
import { problemFieldErrors, problemMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useAdminPlans, useCreatePlan, useRemovePlan, useUpdatePlan } from '../api/billing';
import { formatPrice } from './billing-state';

type Values = {
  name: string;
  description: string;
  price: number | string;
  currency: string;
  interval: 'month' | 'year';
  max_users: number | string;
  price_id: string;
  features: string;
  active: boolean;
};

const EMPTY: Values = {
  name: '',
  description: '',
  price: 0,
  currency: 'usd',
  interval: 'month',
  max_users: 5,
  price_id: '',
  features: '',
  active: true,
};

const valuesOf = (p: AdminPlan): Values => ({
  name: p.name,
  description: p.description,
  price: p.price_cents / 100,
  currency: p.currency,
  interval: p.interval,
  max_users: p.max_users,
  price_id: p.price_id ?? '',
  features: p.features.join('\n'),
  active: p.active,
});

const bodyOf = (v: Values): PlanInput => ({
  name: v.name.trim(),
  description: v.description.trim(),
  price_cents: Math.round(Number(v.price) * 100),
  currency: v.currency.trim().toLowerCase(),
  interval: v.interval,
  max_users: Number(v.max_users),
  price_id: v.price_id.trim() || null,
  features: v.features
    .split('\n')
    .map((f) => f.trim())
    .filter(Boolean),
  active: v.active,
});

/** The plan form, in a dialog: add (no plan) or change one. */
function PlanDialog({
  plan,
  opened,
  onClose,
}: {
  plan: AdminPlan | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('billing');
  const { t: tc } = useTranslation('common');
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const form = useForm<Values>({ initialValues: plan ? valuesOf(plan) : EMPTY });
  const submit = form.onSubmit(async (values) => {
    try {
      if (plan) await update.mutateAsync({ id: plan.id, body: bodyOf(values) });
      else await create.mutateAsync(bodyOf(values));
      notify('green', t('plans.saved'));
      onClose();
    } catch (err) {
      const fields = problemFieldErrors(t, err);
      if (fields.price_cents) fields.price = fields.price_cents;
      form.setErrors(fields);
      if (!Object.keys(fields).length) notify('warning', problemMessage(t, err));
    }
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={plan ? t('plans.edit', { name: plan.name }) : t('plans.add')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('plans.name')} required {...form.getInputProps('name')} />
          <Textarea
            label={t('plans.description')}
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <Group grow align="flex-start">
            <NumberInput
              label={t('plans.price')}
              min={0}
              decimalScale={2}
              required
              {...form.getInputProps('price')}
            />
            <TextInput
              label={t('plans.currency')}
              maxLength={3}
              required
              {...form.getInputProps('currency')}
            />
          </Group>
          <Group grow align="flex-start">
            <Select
              label={t('plans.interval')}
              data={[
                { value: 'month', label: t('plans.month') },
                { value: 'year', label: t('plans.year') },
              ]}
              allowDeselect={false}
              {...form.getInputProps('interval')}
            />
            <NumberInput label={t('plans.seats')} min={1} required {...form.getInputProps('max_users')} />
          </Group>
          <TextInput
            label={t('plans.priceId')}
            description={t('plans.priceIdHint')}
            placeholder="price_…"
            {...form.getInputProps('price_id')}
          />
          <Textarea label={t('plans.features')} autosize minRows={2} {...form.getInputProps('features')} />
          <Switch label={t('plans.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tc('cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {tc('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Super admin: every plan, offered or not; add, change, delete one nobody is on. */
export function PlansAdmin() {
  const { t, i18n } = useTranslation('billing');
  const { t: tc } = useTranslation('common');
  const plans = useAdminPlans();
  const remove = useRemovePlan();
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const rows = plans.data ?? [];
  const askDelete = (plan: AdminPlan) =>
    confirmDialog({
      title: t('plans.deleteTitle'),
      message: t('plans.deleteText', { name: plan.name }),
      confirmLabel: tc('delete'),
      color: 'red',
      action: async () => {
        try {
          await remove.mutateAsync(plan.id);
          notify('green', t('plans.deleted'));
        } catch (err) {
          notify('warning', problemMessage(t, err));
        }
      },
    });
  return (
    <>
      <Group mb="md">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('plans.add')}
        </Button>
      </Group>
      <ListTable
        minWidth={860}
        caption={t('plans.caption')}
        headers={[
          t('plans.name'),
          t('plans.price'),
          t('plans.seats'),
          t('plans.priceId'),
          t('plans.active'),
          t('plans.organizations'),
          <span key="actions" className="visually-hidden">
            {tc('actions')}
          </span>,
        ]}
      >
        <TableRows columns={7} pending={plans.isPending} rows={rows} empty={t('plans.empty')}>
          {(plan) => (
            <Table.Tr key={plan.id} data-testid="plan-row">
              <Table.Td fw={500}>{plan.name}</Table.Td>
              <Table.Td>
                {formatPrice(plan.price_cents, plan.currency, i18n.language)} /{' '}
                {t(plan.interval === 'year' ? 'plans.year' : 'plans.month')}
              </Table.Td>
              <Table.Td>{plan.max_users}</Table.Td>
              <Table.Td>{plan.price_id ?? tc('none')}</Table.Td>
              <Table.Td>
                <ToneBadge color={plan.active ? 'green' : 'gray'}>
                  {plan.active ? t('plans.yes') : t('plans.no')}
                </ToneBadge>
              </Table.Td>
              <Table.Td>{plan.organization_count}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('plans.edit', { name: plan.name })}
                    onClick={() => setEditing(plan)}
                  >
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('plans.delete', { name: plan.name })}
                    disabled={plan.organization_count > 0 || plan.is_default}
                    onClick={() => askDelete(plan)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
        </TableRows>
      </ListTable>
      {editing !== null && (
        <PlanDialog
          key={editing === 'new' ? 'new' : editing.id}
          plan={editing === 'new' ? null : editing}
          opened
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
