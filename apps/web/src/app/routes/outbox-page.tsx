import { Loader, Modal, Text, Title } from '@mantine/core';
import type { OutboxMail } from '@vahub/shared/organization/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../../components/lists/list-pagination';
import { outboxPageOf, useOutbox } from '../../features/outbox/api/outbox';
import { OutboxMailView } from '../../features/outbox/components/outbox-mail';
import { OutboxTable } from '../../features/outbox/components/outbox-table';

export function OutboxPage() {
  const { t } = useTranslation();
  // The page lives in the address (`?page=2`), so the loader fetches the same one the page shows.
  const [search, setSearch] = useSearchParams();
  const page = outboxPageOf(search);
  const [openId, setOpenId] = useState<number | null>(null);
  const outbox = useOutbox(page);
  // Looked up in the latest page, so an open queued mail shows its attempts and status as they change.
  const open: OutboxMail | null = outbox.data?.data.find((m) => m.id === openId) ?? null;
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
        <OutboxTable mails={outbox.data?.data ?? []} onOpen={(mail) => setOpenId(mail.id)} />
      )}
      {/* Every control named: the demo's notification mails fill several pages. */}
      <ListPagination
        meta={outbox.data?.meta}
        onPage={(next) => setSearch(next > 1 ? { page: String(next) } : {})}
      />
      <Modal opened={open !== null} onClose={() => setOpenId(null)} title={open?.subject} size="lg">
        {open && <OutboxMailView mail={open} />}
      </Modal>
    </>
  );
}
