import { Alert, Anchor, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import type { OutboxMail } from '@vahub/shared/organization/schemas';
import { useTranslation } from 'react-i18next';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { OutboxStatus } from './outbox-status';

const LINK_RE = /https?:\/\/[^\s<>"')\]]+/g;

/** Every http(s) address in a mail's text, in order, without repeats. */
export const mailLinks = (text: string): string[] => [...new Set(text.match(LINK_RE) ?? [])];

export function OutboxMailView({ mail }: { mail: OutboxMail }) {
  const { t } = useTranslation();
  const clock = useTimeFormatter();
  const links = mailLinks(mail.text);
  return (
    <Stack gap="sm">
      <Text size="sm">
        <strong>{t('outbox.to')}:</strong> {mail.to}
      </Text>
      <Group gap="md">
        <OutboxStatus status={mail.status} />
        <Text size="sm">
          <strong>{t('outbox.attempts')}:</strong> {mail.attempts}
        </Text>
        {mail.sent_at && (
          <Text size="sm">
            <strong>{t('outbox.sentAt')}:</strong> {clock.dateTime(mail.sent_at)}
          </Text>
        )}
      </Group>
      {mail.error && mail.status !== 'sent' && (
        <Alert color="danger" title={t('outbox.error')} data-testid="outbox-mail-error">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {mail.error}
          </Text>
        </Alert>
      )}
      <Code block style={{ whiteSpace: 'pre-wrap' }} data-testid="outbox-body">
        {mail.text}
      </Code>
      {links.length > 0 && (
        <>
          <Title order={3} size="h6">
            {t('outbox.links')}
          </Title>
          <List size="sm">
            {links.map((href) => (
              <List.Item key={href}>
                <Anchor href={href} style={{ wordBreak: 'break-all' }}>
                  {href}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
