import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchNotInList } from '../api/vas';
import { ContractForm } from './contract-form';

interface Props {
  clientId: number;
  opened: boolean;
  onClose: () => void;
}

/** "Add VA" to a client: pick a VA without a contract with them, then fill in their draft contract. */
export function AddVaDialog({ clientId, opened, onClose }: Props) {
  const { t } = useTranslation('contracts');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [vaId, setVaId] = useState<string | null>(null);
  const [step, setStep] = useState<'pick' | 'contract'>('pick');
  const candidates = useSearchNotInList(clientId, debounced, opened);
  const close = () => {
    setVaId(null);
    setSearch('');
    setStep('pick');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('vas.addTitle')} size={step === 'contract' ? 'xl' : 'md'}>
      {step === 'pick' ? (
        <Stack gap="sm">
          <Text size="sm">{t('vas.addText')}</Text>
          <Select
            label={t('vas.pick')}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            data={(candidates.data?.data ?? []).map((v) => ({
              value: String(v.id),
              label: `${v.name} (${v.email})`,
            }))}
            value={vaId}
            onChange={setVaId}
            nothingFoundMessage={t('vas.noneFound')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:cancel')}
            </Button>
            <Button disabled={!vaId} onClick={() => setStep('contract')}>
              {t('vas.next')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <ContractForm
          fixed={{ va_id: Number(vaId), client_id: clientId }}
          onCreated={close}
          onCancel={() => setStep('pick')}
        />
      )}
    </Modal>
  );
}
