import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/confirm';
import { problemMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useComputers, useDisconnectComputer } from '../api/devices';
import { ScreenshotNoticeSwitch } from './screenshot-notice-switch';

/** The VA's profile: the computers signed in to track their time, each with "Disconnect" (issue 32). */
export function ConnectedComputers() {
  const { t, i18n } = useTranslation();
  const computers = useComputers();
  const disconnect = useDisconnectComputer();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const rows = computers.data?.data ?? [];
  return (
    <Stack gap="sm">
      <Title order={2} size="h4" id="computers-title">
        {t('device.computersTitle')}
      </Title>
      <ScreenshotNoticeSwitch />
      {computers.isSuccess && rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('device.noComputers')}
        </Text>
      ) : (
        <Table aria-labelledby="computers-title" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('device.name')}</Table.Th>
              <Table.Th>{t('device.system')}</Table.Th>
              <Table.Th>{t('device.lastSeen')}</Table.Th>
              <Table.Th>{t('device.version')}</Table.Th>
              <Table.Th>
                <span className="visually-hidden">{t('device.actions')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((c) => {
              const name = c.name ?? t('device.unnamed');
              return (
                <Table.Tr key={c.id}>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td>{c.system ?? '—'}</Table.Td>
                  <Table.Td>{when(c.last_seen_at)}</Table.Td>
                  <Table.Td>{c.version ?? '—'}</Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={t('device.disconnectOf', { name })}
                        onClick={() =>
                          void confirmDialog({
                            title: t('device.disconnectTitle'),
                            message: t('device.disconnectMessage', { name }),
                            confirmLabel: t('device.disconnect'),
                            color: 'red',
                            action: async () => {
                              try {
                                await disconnect.mutateAsync(c.id);
                                notify('green', t('device.disconnected', { name }));
                              } catch (err) {
                                notify('warning', problemMessage(t, err));
                                throw err;
                              }
                            },
                          })
                        }
                      >
                        {t('device.disconnect')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
