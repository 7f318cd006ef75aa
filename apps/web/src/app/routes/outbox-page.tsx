import { Group, Loader, Modal, Pagination, Text, Title } from '@mantine/core';
import type { OutboxMail } from '@vahub/shared/organization/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutbox } from '../../features/outbox/api/outbox';
import { OutboxMailView } from '../../features/outbox/components/outbox-mail';
import { OutboxTable } from '../../features/outbox/components/outbox-table';

export function OutboxPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const outbox = useOutbox(page);
  return (
    <>
      <Title order={1} size="h2" mb={4}>
        {t('outbox.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('outbox.text')}
      </Text>
      {outbox.isPending ? (
        <Loader aria-label={t('common:loading')} />
      ) : (
        <OutboxTable mails={outbox.data?.data ?? []} onOpen={setOpen} />
      )}
      {outbox.data && outbox.data.meta.last_page > 1 && (
        <Group justify="center" mt="md">
          <Pagination total={outbox.data.meta.last_page} value={page} onChange={setPage} />
        </Group>
      )}
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.subject} size="lg">
        {open && <OutboxMailView mail={open} />}
      </Modal>
    </>
  );
}
