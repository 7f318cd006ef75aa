import { Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/confirm';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { useOrganizationTokens, useRevokeOrganizationToken } from '../api/integrations';

/** Developers (admins): every live API token of the organization, with its owner; revoke any. */
export function OrganizationTokensCard() {
  const { t } = useTranslation('integrations');
  const tokens = useOrganizationTokens();
  const revoke = useRevokeOrganizationToken();
  const fmt = useTimeFormatter();
  const rows = tokens.data?.data ?? [];
  return (
    <Card withBorder data-testid="organization-tokens">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('org.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('org.text')}
        </Text>
        {tokens.isError && <Text c="red">{t('loadFailed')}</Text>}
        {tokens.isSuccess && rows.length === 0 && <Text size="sm">{t('org.none')}</Text>}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('org.owner')}</Table.Th>
                  <Table.Th>{t('tokens.name')}</Table.Th>
                  <Table.Th>{t('tokens.prefix')}</Table.Th>
                  <Table.Th>{t('tokens.scopes')}</Table.Th>
                  <Table.Th>{t('tokens.lastUsed')}</Table.Th>
                  <Table.Th>{t('tokens.expires')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((tok) => (
                  <Table.Tr key={tok.id}>
                    <Table.Td>
                      {tok.user.name}{' '}
                      <Text span size="xs" c="dimmed">
                        {tok.user.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{tok.name}</Table.Td>
                    <Table.Td>
                      <Text ff="monospace" size="sm">
                        {tok.prefix}…
                      </Text>
                    </Table.Td>
                    <Table.Td>{tok.scopes.map((s) => t(`tokens.scope.${s}`)).join(', ')}</Table.Td>
                    <Table.Td>
                      {tok.last_used_at ? fmt.dateTime(tok.last_used_at) : t('tokens.never')}
                    </Table.Td>
                    <Table.Td>{tok.expires_at ? fmt.date(tok.expires_at) : t('tokens.noExpiry')}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={`${t('tokens.revoke')}: ${tok.name}`}
                        onClick={() =>
                          confirmDialog({
                            title: t('tokens.revokeTitle'),
                            message: t('org.revokeConfirm', { name: tok.name, owner: tok.user.name }),
                            confirmLabel: t('tokens.revoke'),
                            cancelLabel: t('cancel'),
                            color: 'red',
                            action: () => revoke.mutateAsync(tok.id),
                          })
                        }
                      >
                        {t('tokens.revoke')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
