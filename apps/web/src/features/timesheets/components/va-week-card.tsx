import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { addDays } from '@vahub/shared/time/dates';
import { TIMESHEETS } from '@vahub/shared/timesheets/schemas';
import { useTranslation } from 'react-i18next';
import { clientName } from '../../../lib/format/client-name';
import type { Week } from '../api/queries';
import { ClientStatusBadge } from './badges';
import { duration } from './format';
import { WeekConversation, WeekDays } from './sign-off-card';
import { useCommentForm } from './use-comment-form';

/** The VA's answer to a client's dispute of a week (a reply needs words). */
export function ReplyForm({ week, onReply }: { week: Week; onReply: (comment: string) => Promise<unknown> }) {
  const { t } = useTranslation('timesheets');
  const { comment, setComment, error, busy, submit } = useCommentForm(onReply);
  const label = week.va_reply ? t('va.replyAgain') : t('va.reply');
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={label}>
      <Stack gap="xs">
        <Textarea
          label={label}
          rows={2}
          maxLength={TIMESHEETS.maxCommentLength}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          error={error}
        />
        <Group>
          <Button type="submit" size="xs" loading={busy}>
            {t('va.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One of the VA's weeks with one client: days, total, the client's sign-off, and a reply form on a dispute. */
export function VaWeekCard({
  week,
  onReply,
}: {
  week: Week;
  onReply: (comment: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('timesheets');
  return (
    <Card withBorder padding="lg" data-testid="va-week" component="section" aria-label={week.week_start}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap">
        <div>
          <Title order={2} size="h5">
            {t('week.label', { from: week.week_start, to: addDays(week.week_start, 6) })}
          </Title>
          <Text size="sm" c="dimmed">
            {clientName(week.client)} ·{' '}
            {t('va.total', {
              worked: duration(week.totals.worked_minutes),
              billable: duration(week.totals.billable_minutes),
            })}
          </Text>
        </div>
        <ClientStatusBadge status={week.client_status} />
      </Group>
      <WeekDays week={week} />
      <Stack gap="sm" mt="sm">
        <WeekConversation week={week} />
        {week.client_status === 'disputed' && <ReplyForm week={week} onReply={onReply} />}
      </Stack>
    </Card>
  );
}
