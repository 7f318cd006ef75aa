import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ApiToken } from '@vahub/shared/tokens/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/confirm';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { useApiTokens, useRevokeApiToken } from '../api/integrations';
import { TokenDialog } from './token-dialog';

/** Profile → API tokens: the list (never the tokens themselves), a new one, revoke with a confirmation. */
export function ApiTokensCard() {
  const { t } = useTranslation('integrations');
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const fmt = useTimeFormatter();
  const [open, setOpen] = useState(false);
  const rows = tokens.data?.data ?? [];

  const state = (tok: ApiToken) => {
    if (tok.revoked_at) return <Badge color="gray">{t('tokens.revoked')}</Badge>;
    if (tok.expires_at && Date.parse(tok.expires_at) <= Date.now())
      return <Badge color="orange">{t('tokens.expired')}</Badge>;
    return <Badge color="green">{t('tokens.active')}</Badge>;
  };

  return (
    <Card withBorder data-testid="api-tokens">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('tokens.title')}
          </Title>
          <Button onClick={() => setOpen(true)}>{t('tokens.new')}</Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('tokens.text')}
        </Text>
        {tokens.isError && <Text c="red">{t('loadFailed')}</Text>}
        {tokens.isSuccess && rows.length === 0 && <Text size="sm">{t('tokens.none')}</Text>}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('tokens.name')}</Table.Th>
                  <Table.Th>{t('tokens.prefix')}</Table.Th>
                  <Table.Th>{t('tokens.scopes')}</Table.Th>
                  <Table.Th>{t('tokens.created')}</Table.Th>
                  <Table.Th>{t('tokens.lastUsed')}</Table.Th>
                  <Table.Th>{t('tokens.expires')}</Table.Th>
                  <Table.Th>{t('tokens.state')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((tok) => (
                  <Table.Tr key={tok.id}>
                    <Table.Td>{tok.name}</Table.Td>
                    <Table.Td>
                      <Text ff="monospace" size="sm">
                        {tok.prefix}…
                      </Text>
                    </Table.Td>
                    <Table.Td>{tok.scopes.map((s) => t(`tokens.scope.${s}`)).join(', ')}</Table.Td>
                    <Table.Td>{fmt.date(tok.created_at)}</Table.Td>
                    <Table.Td>
                      {tok.last_used_at ? fmt.dateTime(tok.last_used_at) : t('tokens.never')}
                    </Table.Td>
                    <Table.Td>{tok.expires_at ? fmt.date(tok.expires_at) : t('tokens.noExpiry')}</Table.Td>
                    <Table.Td>{state(tok)}</Table.Td>
                    <Table.Td>
                      {!tok.revoked_at && (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          aria-label={`${t('tokens.revoke')}: ${tok.name}`}
                          onClick={() =>
                            confirmDialog({
                              title: t('tokens.revokeTitle'),
                              message: t('tokens.revokeConfirm', { name: tok.name }),
                              confirmLabel: t('tokens.revoke'),
                              cancelLabel: t('cancel'),
                              color: 'red',
                              action: () => revoke.mutateAsync(tok.id),
                            })
                          }
                        >
                          {t('tokens.revoke')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <TokenDialog opened={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
