import { Alert, Button, Card, Code, Group, List, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { DirectorySync, DirectoryTest } from '@vahub/shared/directory/schemas';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../../../lib/form-errors';
import { ensureNamespace } from '../../../lib/i18n';
import { useDirectoryStatus, useSyncDirectory, useTestDirectory } from '../api/directory';
import { stamp, syncCounts } from './shared';

/** Settings → Directory: the connection (never the password), "Test connection", "Sync now", the last sync. */
export function DirectorySettingsCard() {
  const { t } = useTranslation('directory');
  const { t: tc } = useTranslation('common');
  const status = useDirectoryStatus();
  const test = useTestDirectory();
  const sync = useSyncDirectory();
  const s = status.data;
  return (
    <Card withBorder data-testid="directory-settings">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('settings.title')}
        </Title>
        {status.isError && (
          <Alert color="red" role="alert">
            {problemMessage(tc, status.error)}
          </Alert>
        )}
        {!s && !status.isError && <Skeleton height={120} />}
        {s && !s.configured && <Text c="dimmed">{t('settings.notConfigured')}</Text>}
        {s?.configured && (
          <>
            <Table variant="vertical" layout="fixed" withTableBorder>
              <Table.Tbody>
                <Row label={t('settings.url')} value={<Code>{s.url}</Code>} />
                <Row
                  label={t('settings.bindDn')}
                  value={s.bind_dn ? <Code>{s.bind_dn}</Code> : t('settings.anonymous')}
                />
                <Row label={t('settings.baseDn')} value={<Code>{s.base_dn}</Code>} />
                <Row label={t('settings.usersDn')} value={<Code>{s.users_dn}</Code>} />
                <Row label={t('settings.filter')} value={<Code>{s.user_filter}</Code>} />
                <Row
                  label={t('settings.startTls')}
                  value={s.start_tls ? t('settings.yes') : t('settings.no')}
                />
                <Row
                  label={t('settings.autoCreate')}
                  value={s.auto_create ? t('settings.yes') : t('settings.no')}
                />
                <Row
                  label={t('settings.groupRoles')}
                  value={
                    s.group_roles.length ? (
                      <List size="sm">
                        {s.group_roles.map((g) => (
                          <List.Item key={g.group_dn}>
                            <Code>{g.group_dn}</Code> → {g.role}
                          </List.Item>
                        ))}
                      </List>
                    ) : (
                      t('settings.noGroupRoles')
                    )
                  }
                />
                <Row label={t('settings.linkedUsers')} value={String(s.linked_users)} />
              </Table.Tbody>
            </Table>
            <Group>
              <Button variant="default" loading={test.isPending} onClick={() => test.mutate()}>
                {t('settings.test')}
              </Button>
              <Button variant="default" loading={sync.isPending} onClick={() => sync.mutate(undefined)}>
                {t('settings.sync')}
              </Button>
            </Group>
            {test.data && <TestResult result={test.data} />}
            {(test.error || sync.error) && (
              <Alert color="red" role="alert">
                {problemMessage(tc, test.error ?? sync.error)}
              </Alert>
            )}
            <Title order={3} size="h5">
              {t('settings.lastSync')}
            </Title>
            {s.last_sync ? (
              <SyncResult sync={s.last_sync} />
            ) : (
              <Text c="dimmed">{t('settings.neverSynced')}</Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={220}>{label}</Table.Th>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
}

function TestResult({ result }: { result: DirectoryTest }) {
  const { t } = useTranslation('directory');
  return (
    // The outcome in the body's text colour (a coloured light title is below AA contrast).
    <Alert color={result.ok ? 'green' : 'red'} role="status">
      <Text fw={700} size="sm">
        {t(result.ok ? 'settings.testOk' : 'settings.testFailed', { ms: result.elapsed_ms })}
      </Text>
      <Text size="sm">{result.message}</Text>
    </Alert>
  );
}

/** What one sync did: the counts, then each person it changed or left alone. */
export function SyncResult({ sync }: { sync: DirectorySync }) {
  const { t, i18n } = useTranslation('directory');
  if (sync.failure)
    return (
      <Alert color="red" role="alert">
        {t('settings.syncFailed', { reason: sync.failure })}
      </Alert>
    );
  const items = [
    ...sync.deactivated.map((d) =>
      t('settings.deactivatedItem', { name: d.name, reason: t(`settings.reason.${d.reason}`) }),
    ),
    ...sync.updated.map((u) => t('settings.updatedItem', { name: u.name, fields: u.fields.join(', ') })),
    ...sync.roles_changed.map((r) =>
      t('settings.rolesItem', {
        name: r.name,
        before: r.before.join(', ') || '—',
        after: r.after.join(', '),
      }),
    ),
    ...sync.skipped.map((k) => t('settings.skippedItem', { name: k.name, reason: k.reason })),
  ];
  return (
    <Stack gap={4} data-testid="directory-last-sync">
      <Text size="sm">
        {t('settings.syncSummary', {
          at: stamp(sync.finished_at, i18n.language),
          trigger: t(`settings.trigger.${sync.trigger}`),
          ...syncCounts(sync),
        })}
      </Text>
      {items.length > 0 && (
        <List size="sm">
          {items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** The card once its translations are loaded (the settings page belongs to another feature's namespace). */
export function DirectorySettingsSection() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void ensureNamespace('directory').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready ? <DirectorySettingsCard /> : null;
}
