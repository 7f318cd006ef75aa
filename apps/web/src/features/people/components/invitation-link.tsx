import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { InvitationResult } from '@vahub/shared/users/invitations';
import { useTranslation } from 'react-i18next';
import { useTimeFormatter } from '../../../lib/format/use-time-format';

/**
 * What became of an invitation: mailed, or (no mail server) the link for the admin to hand over, with a
 * copy button. The link is shown only here, to the admin who made it.
 */
export function InvitationLink({ result, email }: { result: InvitationResult; email: string }) {
  const { t } = useTranslation('people');
  const until = useTimeFormatter().date(result.expires_at);
  if (!result.link)
    return (
      <Alert color="green" role="status">
        {t('invite.mailed', { email, date: until })}
      </Alert>
    );
  const { link } = result;
  return (
    <Stack gap="xs">
      <Text size="sm">{t('invite.noMail', { email })}</Text>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={t('invite.link')}
          value={link}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          style={{ flex: 1 }}
          data-testid="invitation-link"
        />
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Button variant={copied ? 'light' : 'filled'} color={copied ? 'green' : undefined} onClick={copy}>
              {copied ? t('invite.copied') : t('invite.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('invite.expires', { date: until })}
      </Text>
    </Stack>
  );
}

/** The invitation right after adding a person: a dialog, so the link is not lost with the closed drawer. */
export function InvitationDialog({
  invitation,
  onClose,
}: {
  invitation: { result: InvitationResult; name: string; email: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('people');
  return (
    <Modal
      opened={invitation !== null}
      onClose={onClose}
      title={invitation ? t('invite.dialogTitle', { name: invitation.name }) : ''}
      size="lg"
    >
      {invitation && (
        <Stack>
          <InvitationLink result={invitation.result} email={invitation.email} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('invite.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
