import { Loader, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBackups } from '../../features/backups/api/backups';
import { BackupsCard } from '../../features/backups/components/backups-card';

/** The super admin's backups: the scheduled runs (BACKUP_CRON); `npm run backup` makes one by hand. */
export function BackupsPage() {
  const { t } = useTranslation();
  const backups = useBackups();
  return (
    <>
      <Title order={1} size="h2" mb={4}>
        {t('backups.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('backups.text')}
      </Text>
      {backups.isPending ? (
        <Loader aria-label={t('common:loading')} />
      ) : backups.data ? (
        <BackupsCard overview={backups.data} />
      ) : (
        <Text c="danger">{t('backups.loadFailed')}</Text>
      )}
    </>
  );
}
