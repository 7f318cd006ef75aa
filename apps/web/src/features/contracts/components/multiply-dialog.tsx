import { Alert, Button, Group, List, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import type { Contract } from '@vahub/shared/contracts/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePeopleOptions } from '../../../components/people/person-picker';
import { problemMessage, sayMessage } from '../../../lib/form-errors';
import { isApiError } from '../../../lib/normalize-error';
import { notify } from '../../../lib/notify';
import { type MultiplyResult, useMultiplyContract } from '../api/contracts';

interface Props {
  contract: Contract | null;
  onClose: () => void;
}

/** Copies a contract (settings and schedules) as drafts to chosen VAs; lists the VAs it could not copy to. */
export function MultiplyDialog({ contract, onClose }: Props) {
  const { t } = useTranslation('contracts');
  const vas = usePeopleOptions({ roles: ['va'], status: 'active' });
  const multiply = useMultiplyContract();
  const [chosen, setChosen] = useState<string[]>([]);
  const [result, setResult] = useState<MultiplyResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const nameOf = (id: string) => vas.data?.data.find((v) => String(v.id) === id)?.name ?? `#${id}`;

  const close = () => {
    setChosen([]);
    setResult(null);
    setFailure(null);
    onClose();
  };

  const submit = async () => {
    if (!contract) return;
    setFailure(null);
    try {
      const res = await multiply.mutateAsync({ id: contract.id, va_ids: chosen.map(Number) });
      setResult(res);
      if (res.data.length) notify('green', t('multiply.done', { count: res.data.length }));
    } catch (err) {
      if (isApiError(err) && err.errors && Object.keys(err.errors).length) {
        setResult({ data: [], errors: err.errors });
      }
      setFailure(problemMessage(t, err));
    }
  };

  const failed = Object.entries(result?.errors ?? {});
  return (
    <Modal opened={contract !== null} onClose={close} title={t('multiply.title')} size="lg">
      <Stack gap="sm">
        <Text size="sm">{t('multiply.text', { title: contract?.title ?? '' })}</Text>
        <MultiSelect
          label={t('multiply.vas')}
          searchable
          limit={50}
          data={(vas.data?.data ?? [])
            .filter((v) => v.id !== contract?.va_id)
            .map((v) => ({ value: String(v.id), label: `${v.name} (${v.email})` }))}
          value={chosen}
          onChange={setChosen}
        />
        {failure && (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        )}
        {result && result.data.length > 0 && (
          <Alert color="green" variant="light" title={t('multiply.created', { count: result.data.length })}>
            <List size="sm">
              {result.data.map((c) => (
                <List.Item key={c.id}>{c.va.name}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {failed.length > 0 && (
          <Alert color="orange" variant="light" title={t('multiply.failed', { count: failed.length })}>
            <List size="sm" aria-label={t('multiply.failedList')}>
              {failed.map(([id, messages]) => (
                <List.Item key={id}>
                  <strong>{nameOf(id)}</strong>: {messages.map((m) => sayMessage(t, m)).join(' ')}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:close')}
          </Button>
          <Button onClick={submit} disabled={!chosen.length} loading={multiply.isPending}>
            {t('multiply.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
