import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { badgeLabelColor } from '../../../components/attendance/colors';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import { PersonCell } from '../../../components/people/person-cell';
import type { VaLogItem } from '../api/va-log';
import { notificationText, typeLabel } from './notification-text';

const COLUMNS = 6;

/**
 * The admin's log about VAs: when, about which VA, the type, what it said, who received it and whether they
 * have read it. `time` writes a moment in the admin's zone and clock.
 */
export function VaLogTable({
  rows,
  pending,
  busy,
  empty,
  time,
}: {
  rows: VaLogItem[];
  pending: boolean;
  busy: boolean;
  empty: string;
  time: (at: string) => string;
}) {
  const { t, i18n } = useTranslation('notifications');
  return (
    <ListTable
      minWidth={860}
      caption={t('log.caption')}
      busy={busy}
      headers={[
        t('log.columns.time'),
        t('log.columns.va'),
        t('log.columns.type'),
        t('log.columns.text'),
        t('log.columns.recipient'),
        t('log.columns.read'),
      ]}
    >
      <TableRows columns={COLUMNS} pending={pending} rows={rows} empty={empty}>
        {(row) => (
          <Table.Tr key={row.id} data-testid="log-row">
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{time(row.created_at)}</Text>
            </Table.Td>
            <Table.Td>
              {row.va ? (
                <PersonCell name={row.va.name} avatarUrl={row.va.avatar_url} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('log.noVa')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{typeLabel(t, row.type)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {notificationText(t, row, { vaName: row.va?.name, language: i18n.language })}
              </Text>
            </Table.Td>
            <Table.Td>
              <PersonCell
                name={row.recipient.name}
                email={row.recipient.email}
                avatarUrl={row.recipient.avatar_url}
              />
            </Table.Td>
            <Table.Td>
              {row.read_at ? (
                <Badge
                  variant="light"
                  color="gray"
                  title={time(row.read_at)}
                  styles={{ label: { color: badgeLabelColor('gray') } }}
                >
                  {t('log.read')}
                </Badge>
              ) : (
                <Badge variant="light" color="blue" styles={{ label: { color: badgeLabelColor('blue') } }}>
                  {t('log.unread')}
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      </TableRows>
    </ListTable>
  );
}
