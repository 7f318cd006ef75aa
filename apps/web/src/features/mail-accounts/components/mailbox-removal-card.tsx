import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import type { RemovedMailbox } from '@vahub/shared/mail-accounts/endpoints';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/confirm';
import { problemMessage } from '../../../lib/form-errors';
import { ensureNamespace } from '../../../lib/i18n';
import { useMailAccountsEnabled, useRemoveMailbox } from '../api/mail-accounts';

function Card_({ userId }: { userId: number }) {
  const { t } = useTranslation('mail-accounts');
  const { t: tc } = useTranslation('common');
  const remove = useRemoveMailbox();
  const [removed, setRemoved] = useState<RemovedMailbox | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const ask = () =>
    confirmDialog({
      title: t('card.confirmTitle'),
      message: t('card.confirm'),
      confirmLabel: t('card.remove'),
      cancelLabel: tc('cancel'),
      color: 'red',
      action: async () => {
        setFailure(null);
        try {
          setRemoved(await remove.mutateAsync(userId));
        } catch (err) {
          setFailure(problemMessage(tc, err));
        }
      },
    });

  return (
    <Card withBorder data-testid="mailbox-removal">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('card.title')}
        </Title>
        <Text size="sm">{t('card.text')}</Text>
        {removed && (
          <Alert color="green" role="status" variant="light">
            {t('card.removed', { email: removed.email })}
          </Alert>
        )}
        {failure && (
          <Alert color="danger" role="alert" variant="light">
            {failure}
          </Alert>
        )}
        <div>
          <Button color="red" variant="light" loading={remove.isPending} onClick={() => void ask()}>
            {t('card.remove')}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}

/**
 * The mailbox removal of user {userId}: what it does, a confirmation, then what was removed or why not. Nothing
 * when the installation has no mail server. Loads its texts first (it sits on other features' pages).
 */
export function MailboxRemovalCard({ userId }: { userId: number }) {
  const enabled = useMailAccountsEnabled();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void ensureNamespace('mail-accounts').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return enabled && ready ? <Card_ userId={userId} /> : null;
}
