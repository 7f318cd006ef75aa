import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { DirectoryEntry, DirectoryLink, DirectoryStatus } from '@vahub/shared/directory/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/confirm';
import { problemMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import {
  useAssociate,
  useCreateEntry,
  useDirectoryLink,
  useDirectorySearch,
  useDirectoryStatus,
  useUnlink,
} from '../api/directory';
import { stamp } from './shared';

const nameOf = (e: { first_name: string | null; last_name: string | null }) =>
  [e.first_name, e.last_name].filter(Boolean).join(' ');

/** Admin `users/:id/ldap`: the person's directory link, a search to link an entry, a new entry, unlink. */
export function UserLdapPanel({ userId, email }: { userId: number; email: string }) {
  const { t } = useTranslation('directory');
  const { t: tc } = useTranslation('common');
  const status = useDirectoryStatus();
  if (status.isError)
    return (
      <Alert color="red" role="alert">
        {problemMessage(tc, status.error)}
      </Alert>
    );
  if (!status.data) return <Skeleton height={160} />;
  if (!status.data.configured)
    return (
      <Alert color="gray" data-testid="directory-off">
        <Text fw={700} size="sm">
          {t('tab.notConfiguredTitle')}
        </Text>
        <Text size="sm">{t('tab.notConfigured')}</Text>
      </Alert>
    );
  return <LinkedPanel userId={userId} email={email} status={status.data} />;
}

function LinkedPanel({ userId, email, status }: { userId: number; email: string; status: DirectoryStatus }) {
  const { t, i18n } = useTranslation('directory');
  const { t: tc } = useTranslation('common');
  const link = useDirectoryLink(userId, true);
  const unlink = useUnlink();
  const l = link.data;
  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        {t('tab.title')}
      </Title>
      <Card withBorder data-testid="directory-link">
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('tab.linkTitle')}
          </Title>
          {link.isError && (
            <Alert color="red" role="alert">
              {problemMessage(tc, link.error)}
            </Alert>
          )}
          {!l && !link.isError && <Skeleton height={60} />}
          {l && !l.dn && <Text>{t('tab.notLinked')}</Text>}
          {l?.dn && <LinkDetails link={l} />}
          {l && (
            <Text size="sm" c="dimmed">
              {l.last_sync
                ? t('tab.lastSync', { at: stamp(l.last_sync.finished_at, i18n.language) })
                : t('tab.neverSynced')}
            </Text>
          )}
          {l?.dn && (
            <Group>
              <Button
                color="red"
                variant="light"
                loading={unlink.isPending}
                onClick={() =>
                  void confirmDialog({
                    title: t('tab.unlinkTitle'),
                    message: t('tab.unlinkText', { dn: l.dn }),
                    confirmLabel: t('tab.unlink'),
                    cancelLabel: tc('cancel'),
                    color: 'red',
                    action: () =>
                      unlink.mutateAsync(userId).then(
                        () => notify('green', t('tab.unlinked')),
                        (err: unknown) => notify('orange', problemMessage(tc, err)),
                      ),
                  })
                }
              >
                {t('tab.unlink')}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
      <SearchCard userId={userId} email={email} linked={Boolean(l?.dn)} />
      {l && !l.dn && <CreateCard userId={userId} email={email} usersDn={status.users_dn ?? ''} />}
    </Stack>
  );
}

function LinkDetails({ link }: { link: DirectoryLink }) {
  const { t } = useTranslation('directory');
  const e = link.entry;
  return (
    <Stack gap={4}>
      <Text>{t('tab.linkedText')}</Text>
      <Text size="sm">
        {t('tab.dn')}: <Code>{link.dn}</Code>
      </Text>
      {link.entry_missing && (
        <Alert color="orange" role="alert">
          {t('tab.entryMissing')}
        </Alert>
      )}
      {link.unavailable && <Alert color="yellow">{t('tab.unavailable')}</Alert>}
      {e && (
        <>
          <Text size="sm">
            {t('tab.name')}: {nameOf(e) || '—'} · {t('tab.email')}: {e.email ?? '—'}
          </Text>
          <Groups groups={e.groups} />
          <Text size="sm">
            {t('tab.role')}: {e.mapped_role ?? t('tab.noRole')}
          </Text>
          {e.disabled && <Badge color="red">{t('tab.disabled')}</Badge>}
        </>
      )}
    </Stack>
  );
}

function Groups({ groups }: { groups: string[] }) {
  const { t } = useTranslation('directory');
  return (
    <Group gap={4} aria-label={t('tab.groups')}>
      <Text size="sm">{t('tab.groups')}:</Text>
      {groups.length ? (
        groups.map((g) => (
          <Badge key={g} variant="light" tt="none">
            {g}
          </Badge>
        ))
      ) : (
        <Text size="sm" c="dimmed">
          {t('tab.noGroups')}
        </Text>
      )}
    </Group>
  );
}

function SearchCard({ userId, email, linked }: { userId: number; email: string; linked: boolean }) {
  const { t } = useTranslation('directory');
  const { t: tc } = useTranslation('common');
  const [text, setText] = useState(email);
  const [asked, setAsked] = useState<string | null>(null);
  const search = useDirectorySearch(asked);
  const associate = useAssociate();
  const link = (entry: DirectoryEntry) =>
    associate.mutate(
      { id: userId, dn: entry.dn },
      {
        onSuccess: () => notify('green', t('tab.linked', { dn: entry.dn })),
        onError: (err) => notify('orange', problemMessage(tc, err)),
      },
    );
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('tab.searchTitle')}
        </Title>
        <form
          onSubmit={(ev) => {
            ev.preventDefault();
            setAsked(text.trim().toLowerCase());
          }}
        >
          <Group align="end">
            <TextInput
              label={t('tab.searchLabel')}
              type="email"
              value={text}
              onChange={(ev) => setText(ev.currentTarget.value)}
              required
              w={320}
            />
            <Button type="submit" loading={search.isFetching}>
              {t('tab.search')}
            </Button>
          </Group>
        </form>
        {search.isError && (
          <Alert color="red" role="alert">
            {problemMessage(tc, search.error)}
          </Alert>
        )}
        {search.data && search.data.entries.length === 0 && <Text c="dimmed">{t('tab.noResults')}</Text>}
        {search.data && search.data.entries.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('tab.dn')}</Table.Th>
                  <Table.Th>{t('tab.name')}</Table.Th>
                  <Table.Th>{t('tab.groups')}</Table.Th>
                  <Table.Th>{t('tab.linkedTo')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('tab.link')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {search.data.entries.map((e) => {
                  const holder = e.linked_user;
                  const free = !holder && !e.linked_elsewhere;
                  return (
                    <Table.Tr key={e.dn}>
                      <Table.Td>
                        <Code>{e.dn}</Code>
                      </Table.Td>
                      <Table.Td>
                        {nameOf(e) || '—'}
                        <Text size="xs" c="dimmed">
                          {e.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>{e.groups.length ? e.groups.join('; ') : t('tab.noGroups')}</Table.Td>
                      <Table.Td>
                        {holder
                          ? holder.name
                          : e.linked_elsewhere
                            ? t('tab.linkedElsewhere')
                            : t('tab.nobody')}
                      </Table.Td>
                      <Table.Td>
                        {free && (
                          <Button
                            size="xs"
                            disabled={linked}
                            title={linked ? t('tab.unlinkFirst') : undefined}
                            loading={associate.isPending && associate.variables?.dn === e.dn}
                            onClick={() => link(e)}
                            aria-label={`${t('tab.link')} ${e.dn}`}
                          >
                            {t('tab.link')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

function CreateCard({ userId, email, usersDn }: { userId: number; email: string; usersDn: string }) {
  const { t } = useTranslation('directory');
  const { t: tc } = useTranslation('common');
  const create = useCreateEntry();
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('tab.createTitle')}
        </Title>
        <Text size="sm">{t('tab.createText', { email, usersDn })}</Text>
        <Group>
          <Button
            variant="light"
            loading={create.isPending}
            onClick={() =>
              create.mutate(
                { user_id: userId, email },
                {
                  onSuccess: (r) => notify('green', t('tab.created', { dn: (r as DirectoryLink).dn ?? '' })),
                  onError: (err) => notify('orange', problemMessage(tc, err)),
                },
              )
            }
          >
            {t('tab.create')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
