import { Alert, Button, Group, Loader, Select, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Contract } from '@vahub/shared/contracts/schemas';
import { REQUEST_MESSAGES as M } from '@vahub/shared/requests/messages';
import { REQUESTS, type UserRequestDetail } from '@vahub/shared/requests/schemas';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage, sayMessage } from '../../../../lib/form-errors';
import { clientName } from '../../../../lib/format/client-name';
import { notify } from '../../../../lib/notify';
import { useCreateRequest } from '../../api/create-request';
import { useMyContracts } from '../../api/my-contracts';
import { missedShifts, startedShifts, useRecentShifts } from '../../api/my-shifts';
import { useVacationDays } from '../../api/vacation-days';
import { requestFieldErrors, requestProblemMessage } from '../messages';
import { AttachmentField } from './attachment-field';
import { balanceProblem, balanceProblemField, daysQueryOf } from './balance';
import { BalanceNote } from './balance-note';
import { LeaveFields, MusFields, OvertimeFields } from './fields';
import { type FormKind, fileRequired, KINDS } from './kinds';
import {
  bodyOf,
  initialValues,
  type RequestValues,
  toFormErrors,
  validateRequest,
  visibleFields,
} from './values';

/** Why this contract takes no overtime request (a catalog text), or null. */
function overtimeBlock(contract: Contract | undefined): string | null {
  const settings = contract?.settings;
  if (!settings) return null;
  if (settings.overtime_allowed) return M.overtime_counted;
  return settings.max_overtime_minutes === 0 ? M.overtime_not_allowed : null;
}

/**
 * One form for the five kinds of request (`kinds.ts` says what each shows): the contract (preselected when
 * there is one), the kind's own fields, a reason, the attachment. A leave shows its working days and balance
 * before sending and is not sent past the balance. Sent as multipart; the server's field errors land on the
 * fields.
 */
export function RequestForm({
  kind,
  onSent,
  onCancel,
}: {
  kind: FormKind;
  onSent: (request: UserRequestDetail) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('requests');
  const config = KINDS[kind];
  const contracts = useMyContracts();
  const recent = useRecentShifts(kind === 'overtime' || kind === 'mus');
  const create = useCreateRequest();
  const form = useForm<RequestValues>({ initialValues: initialValues(kind) });
  const v = form.values;

  const list = contracts.data ?? [];
  const only = list.length === 1 ? String(list[0].id) : null;
  const { setFieldValue } = form;
  useEffect(() => {
    if (only) setFieldValue('contract_id', (current) => current ?? only);
  }, [only, setFieldValue]);

  const contract = list.find((c) => String(c.id) === v.contract_id);
  const contractId = contract?.id ?? null;
  const blocked = kind === 'overtime' ? overtimeBlock(contract) : null;
  const maxOvertime = contract?.settings?.max_overtime_minutes;

  const daysQuery = daysQueryOf(kind, v);
  const days = useVacationDays(daysQuery);
  const shownDays = daysQuery ? days.data : undefined;
  const problem = shownDays && !days.isPlaceholderData ? balanceProblem(shownDays, t) : null;

  const showServerProblem = (error: unknown) => {
    const errors = toFormErrors(requestFieldErrors(t, error));
    const fields = visibleFields(kind);
    const onFields = Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field)));
    if (Object.keys(onFields).length > 0) form.setErrors(onFields);
    const elsewhere = Object.entries(errors).find(([field]) => !fields.includes(field));
    if (elsewhere) notify('warning', elsewhere[1]);
    else if (Object.keys(onFields).length === 0) notify('warning', requestProblemMessage(t, error));
  };

  const submit = form.onSubmit(async (values) => {
    const errors = validateRequest(kind, values, t, { maxOvertimeMinutes: maxOvertime || undefined });
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    if (blocked) return;
    // The balance of the dates being sent, not of an answer still coming for others: wait for it when it is.
    let counted = shownDays && !days.isPlaceholderData && !days.isFetching ? shownDays : undefined;
    if (daysQuery && !counted) counted = (await days.refetch()).data;
    const over = counted ? balanceProblem(counted, t) : null;
    // Said on the field too, where the server would say it.
    if (counted && over) {
      form.setFieldError(balanceProblemField(counted), over);
      return;
    }
    try {
      const created = await create.mutateAsync({ body: bodyOf(kind, values), file: values.file });
      notify('green', t('form.sent'));
      onSent(created);
    } catch (error) {
      showServerProblem(error);
    }
  });

  if (contracts.isPending) return <Loader aria-label={t('common:loading')} />;
  if (contracts.isError)
    return (
      <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />}>
        {problemMessage(t, contracts.error)}
      </Alert>
    );
  if (list.length === 0) return <Alert color="blue">{t('form.noContract')}</Alert>;

  return (
    <form onSubmit={submit} noValidate aria-label={t(`kinds.${kind}.title`)}>
      <Stack gap="md" maw={720}>
        {config.types.length > 1 && (
          <Select
            label={t('form.type')}
            required
            allowDeselect={false}
            data={config.types.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            {...form.getInputProps('type')}
          />
        )}
        <Select
          label={t('form.contract')}
          required
          allowDeselect={false}
          data={list.map((c) => ({ value: String(c.id), label: `${c.title} · ${clientName(c.client)}` }))}
          {...form.getInputProps('contract_id')}
        />
        {config.leave && <LeaveFields form={form} withPaidBy={kind === 'vacation'} />}
        {kind === 'overtime' && (
          <OvertimeFields
            form={form}
            shifts={startedShifts(recent.shifts, contractId)}
            max={maxOvertime || undefined}
          />
        )}
        {kind === 'mus' && (
          <MusFields form={form} missed={missedShifts(recent.shifts, contractId)} zone={contract?.timezone} />
        )}
        {blocked && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {sayMessage(t, blocked)}
          </Alert>
        )}
        <Textarea
          label={t(config.detailsRequired ? 'form.reason' : 'form.details')}
          required={config.detailsRequired}
          rows={3}
          maxLength={REQUESTS.maxDetailsLength}
          {...form.getInputProps('details')}
        />
        <AttachmentField
          value={v.file}
          required={fileRequired(v.type)}
          error={form.errors.file as string | undefined}
          onChange={(file) => {
            form.setFieldValue('file', file);
            form.clearFieldError('file');
          }}
          onReject={(message) => form.setFieldError('file', message)}
        />
        {config.leave && daysQuery && (
          <BalanceNote days={shownDays} loading={days.isFetching} error={days.error} problem={problem} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('form.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
