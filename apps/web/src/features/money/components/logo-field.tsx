import { Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { LOGO_MAX_BYTES, LOGO_MIME_TYPES } from '@vahub/shared/organization/settings';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/confirm';
import { problemMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useOrganizationLogo } from '../api/money';

/** Why a file cannot be the logo, as a translation key, or null when it is fine (the server checks again). */
export function logoProblem(file: { type: string; size: number }): string | null {
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type)) return 'settings.logoType';
  if (file.size > LOGO_MAX_BYTES) return 'settings.logoSize';
  return null;
}

/** Settings → Invoicing: the organization's logo (on invoices and in the header): upload, replace, remove. */
export function LogoField({ url }: { url: string | null }) {
  const { t } = useTranslation('money');
  const { upload, remove } = useOrganizationLogo();
  const pick = async (file: File | null) => {
    if (!file) return;
    const problem = logoProblem(file);
    if (problem) {
      notify('warning', t(problem));
      return;
    }
    try {
      await upload.mutateAsync(file);
      notify('green', t('settings.logoSaved'));
    } catch (err) {
      notify('warning', problemMessage(t, err));
    }
  };
  const drop = () =>
    confirmDialog({
      message: t('settings.logoRemoveConfirm'),
      confirmLabel: t('settings.logoRemove'),
      color: 'red',
      action: async () => {
        try {
          await remove.mutateAsync();
        } catch (err) {
          notify('warning', problemMessage(t, err));
        }
      },
    });
  return (
    <Stack gap={4} mt="sm" data-testid="organization-logo">
      <Text size="sm" fw={500}>
        {t('settings.logo')}
      </Text>
      <Group gap="md" align="center">
        <Paper withBorder p={4} radius="sm" miw={120} mih={48}>
          {url ? (
            <Image src={url} alt={t('settings.logoAlt')} h={40} w="auto" fit="contain" />
          ) : (
            <Text size="xs" c="dimmed">
              {t('settings.noLogo')}
            </Text>
          )}
        </Paper>
        <FileButton onChange={pick} accept={LOGO_MIME_TYPES.join(',')}>
          {(props) => (
            <Button {...props} variant="light" loading={upload.isPending}>
              {url ? t('settings.logoReplace') : t('settings.logoUpload')}
            </Button>
          )}
        </FileButton>
        {url && (
          <Button variant="subtle" color="red" onClick={drop} loading={remove.isPending}>
            {t('settings.logoRemove')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('settings.logoHelp')}
      </Text>
    </Stack>
  );
}
