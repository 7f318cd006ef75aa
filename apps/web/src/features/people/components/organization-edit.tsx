import { Button, Group, Modal, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type OrganizationRow, organizationUpdateSchema } from '@vahub/shared/organization/settings';
import { useTranslation } from 'react-i18next';
import { problemFieldErrors, problemMessage, schemaErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useUpdateOrganization } from '../api/organizations';

export type PlanOption = { id: number; name: string; max_users: number };

interface Values {
  active: boolean;
  plan_id: string | null;
  valid_until: string;
  max_users: number | string;
}

const payload = (v: Values) => ({
  status: v.active ? (1 as const) : (0 as const),
  plan_id: v.plan_id ? Number(v.plan_id) : null,
  plan_valid_until: v.valid_until ? new Date(`${v.valid_until}T23:59:59`).toISOString() : null,
  max_users: v.max_users === '' ? null : Number(v.max_users),
});

/** The API's field names as the form's: `status` is the switch, `plan_valid_until` the date field. */
const FORM_FIELD: Record<string, string> = { status: 'active', plan_valid_until: 'valid_until' };
const toFormFields = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [FORM_FIELD[k] ?? k, v]));

/** Super admin: suspend or reactivate an organization, and set its plan, expiry and seats. */
export function OrganizationEdit({
  org,
  plans,
  onClose,
}: {
  org: OrganizationRow | null;
  plans: PlanOption[];
  onClose: () => void;
}) {
  const { t } = useTranslation('people');
  return (
    <Modal opened={org !== null} onClose={onClose} title={t('orgs.editTitle', { name: org?.name ?? '' })}>
      {org && <OrganizationForm org={org} plans={plans} onClose={onClose} />}
    </Modal>
  );
}

function OrganizationForm({
  org,
  plans,
  onClose,
}: {
  org: OrganizationRow;
  plans: PlanOption[];
  onClose: () => void;
}) {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation('common');
  const update = useUpdateOrganization();
  const home = org.id === 1;
  const form = useForm<Values>({
    initialValues: {
      active: org.status === 1,
      plan_id: org.plan_id ? String(org.plan_id) : null,
      valid_until: org.plan_valid_until ? org.plan_valid_until.slice(0, 10) : '',
      max_users: org.max_users ?? '',
    },
    validate: (values) => toFormFields(schemaErrors(organizationUpdateSchema, payload(values), tc)),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const body = payload(values);
      if (home) delete (body as Partial<typeof body>).status;
      const saved = await update.mutateAsync({ id: org.id, body });
      notify('green', t('orgs.saved', { name: saved.name }));
      onClose();
    } catch (err) {
      const errors = toFormFields(problemFieldErrors(tc, err));
      if (Object.keys(errors).length) form.setErrors(errors);
      else notify('warning', problemMessage(tc, err), tc('notSaved'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('orgs.editTitle', { name: org.name })}>
      <Stack gap="sm">
        <Switch
          label={t('orgs.activeSwitch')}
          description={home ? t('orgs.homeAlwaysActive') : t('orgs.activeHelp')}
          disabled={home}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <Select
          label={t('orgs.plan')}
          data={plans.map((p) => ({ value: String(p.id), label: p.name }))}
          clearable
          placeholder={tc('none')}
          {...form.getInputProps('plan_id')}
          onChange={(value) => {
            form.setFieldValue('plan_id', value);
            const plan = plans.find((p) => String(p.id) === value);
            if (plan) form.setFieldValue('max_users', plan.max_users);
          }}
        />
        <TextInput
          type="date"
          label={t('orgs.validUntil')}
          description={t('orgs.validUntilHelp')}
          {...form.getInputProps('valid_until')}
        />
        <NumberInput
          clampBehavior="none"
          label={t('orgs.seatsLabel')}
          description={home ? t('orgs.homeUnlimited') : undefined}
          disabled={home}
          min={1}
          {...form.getInputProps('max_users')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {tc('cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {tc('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
