import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemFieldErrors, problemMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useEraseUser } from '../api/data-rights';
import { WithDataRightsTexts } from './data-rights-texts';

const normal = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** A person's page, danger zone: erase their personal data, confirmed by typing their name. */
function EraseUserCard({ user }: { user: { id: number; name: string } }) {
  const { t } = useTranslation('data-rights');
  const erase = useEraseUser();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const matches = normal(typed) === normal(user.name);
  const close = () => {
    setOpen(false);
    setTyped('');
    erase.reset();
  };
  const fieldError = erase.isError ? problemFieldErrors(t, erase.error).confirm_name : undefined;
  return (
    <Card
      withBorder
      maw={880}
      mt="xl"
      style={{ borderColor: 'var(--mantine-color-red-6)' }}
      data-testid="erase-user"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" c="red">
          {t('erase.title')}
        </Title>
        <Text size="sm">{t('erase.text')}</Text>
        <Group>
          <Button
            color="red"
            variant="outline"
            leftSection={<IconEraser size={16} aria-hidden />}
            onClick={() => setOpen(true)}
          >
            {t('erase.button')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={open} onClose={close} title={t('erase.modalTitle', { name: user.name })}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!matches) return;
            erase.mutate(
              { id: user.id, confirmName: typed },
              {
                onSuccess: (done) => {
                  notify('green', t('erase.done', { alias: done.alias }));
                  close();
                },
              },
            );
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t('erase.warning')}</Text>
            <TextInput
              label={t('erase.confirmLabel', { name: user.name })}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoComplete="off"
              data-autofocus
              error={fieldError}
            />
            {erase.isError && !fieldError && (
              <Alert color="red" role="alert">
                {problemMessage(t, erase.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('erase.cancel')}
              </Button>
              <Button type="submit" color="red" disabled={!matches} loading={erase.isPending}>
                {t('erase.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}

export function EraseUserSection({ user }: { user: { id: number; name: string } }) {
  return (
    <WithDataRightsTexts>
      <EraseUserCard user={user} />
    </WithDataRightsTexts>
  );
}
