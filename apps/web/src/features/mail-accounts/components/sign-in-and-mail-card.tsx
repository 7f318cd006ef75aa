import { Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToneBadge } from '../../../components/ui/tone-badge';
import { ensureNamespace } from '../../../lib/i18n';
import { useSignInAndMailStatus } from '../api/mail-accounts';

const OnOff = ({ on }: { on: boolean }) => {
  const { t } = useTranslation('mail-accounts');
  return <ToneBadge color={on ? 'green' : 'gray'}>{on ? t('settings.on') : t('settings.off')}</ToneBadge>;
};

/** Settings → single sign-on and mail accounts: what the configuration switched on (never a secret). */
export function SignInAndMailCard() {
  const { t } = useTranslation('mail-accounts');
  const status = useSignInAndMailStatus();
  const s = status.data;
  return (
    <Card withBorder data-testid="sign-in-and-mail">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('settings.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.text')}
        </Text>
        {!s ? (
          <Skeleton height={120} />
        ) : (
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{t('settings.sso')}</Table.Th>
                <Table.Td>
                  <Group gap="xs">
                    <OnOff on={s.sso.enabled} />
                    {s.sso.enabled ? (
                      <Text size="sm">
                        {t('settings.ssoDetail', { name: s.sso.name, issuer: s.sso.issuer })}
                        {s.sso.auto_create && ` · ${t('settings.autoCreate', { role: s.sso.default_role })}`}
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('settings.ssoOff')}
                      </Text>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('settings.mail')}</Table.Th>
                <Table.Td>
                  <Group gap="xs">
                    <OnOff on={s.mail_accounts.enabled} />
                    {s.mail_accounts.enabled ? (
                      <Text size="sm">
                        {t('settings.mailDetail', {
                          server: s.mail_accounts.server,
                          domain: s.mail_accounts.domain ?? t('settings.anyDomain'),
                        })}
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('settings.mailOff')}
                      </Text>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

/** The card on the admin's settings page (another feature's page): loads its texts first. */
export function SignInAndMailSection() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void ensureNamespace('mail-accounts').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready ? <SignInAndMailCard /> : null;
}
