import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/confirm';
import { useCalendarFeeds, useResetCalendarFeed } from '../api/integrations';

/** Profile → Calendar feeds: the secret links of one's feeds, copy, and "Reset link" (the old one stops working). */
export function CalendarFeedsCard() {
  const { t } = useTranslation('integrations');
  const feeds = useCalendarFeeds();
  const reset = useResetCalendarFeed();
  const rows = feeds.data?.data ?? [];
  return (
    <Card withBorder data-testid="calendar-feeds">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('feeds.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('feeds.text')}
        </Text>
        {feeds.isError && <Text c="red">{t('loadFailed')}</Text>}
        {feeds.isSuccess && rows.length === 0 && <Text size="sm">{t('feeds.none')}</Text>}
        {rows.map((feed) => (
          <Group key={feed.kind} align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={t(`feeds.kind.${feed.kind}`)}
              value={feed.url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              style={{ flex: 1 }}
            />
            <CopyButton value={feed.url}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'green' : undefined}
                  onClick={copy}
                  aria-label={`${copied ? t('copied') : t('copy')}: ${t(`feeds.kind.${feed.kind}`)}`}
                >
                  {copied ? t('copied') : t('copy')}
                </Button>
              )}
            </CopyButton>
            <Button
              variant="default"
              aria-label={`${t('feeds.reset')}: ${t(`feeds.kind.${feed.kind}`)}`}
              onClick={() =>
                confirmDialog({
                  title: t('feeds.resetTitle'),
                  message: t('feeds.resetConfirm'),
                  confirmLabel: t('feeds.reset'),
                  cancelLabel: t('cancel'),
                  color: 'red',
                  action: () => reset.mutateAsync(feed.kind),
                })
              }
            >
              {t('feeds.reset')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
