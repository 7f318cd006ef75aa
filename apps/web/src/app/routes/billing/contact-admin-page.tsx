import { Anchor, Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../../features/auth/api/logout';
import { useOrganization } from '../../../features/organization/api/organization';

/** A non-admin of an inactive organization: who to ask (the owner's name and email). */
export function ContactAdminPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const owner = useOrganization().data?.owner ?? null;
  return (
    <Stack align="center" gap="md" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color="warning" aria-hidden>
        <IconInfoCircle />
      </ThemeIcon>
      <Title order={1} size="h2">
        {t('contactAdmin.title')}
      </Title>
      <Text c="dimmed">{t('contactAdmin.text')}</Text>
      {owner && (
        <Text data-testid="owner-contact">
          {t('contactAdmin.ask', { name: `${owner.first_name} ${owner.last_name}` })}{' '}
          <Anchor href={`mailto:${owner.email}`}>{owner.email}</Anchor>
        </Text>
      )}
      <Group justify="center">
        <Button
          variant="default"
          onClick={async () => {
            await logout();
            await navigate('/login');
          }}
        >
          {t('common:logout')}
        </Button>
      </Group>
    </Stack>
  );
}
