import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { type SignOffDecision, TIMESHEETS } from '@vahub/shared/timesheets/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentModal } from '../../../components/forms/comment-modal';
import { clientName } from '../../../lib/format/client-name';
import type { Week } from '../api/queries';
import { ClientStatusBadge } from './badges';
import { activityOf, dayLabel, decimalHours, duration, percent } from './format';
import { ScrollTable } from './scroll-table';
import { useCommentForm } from './use-comment-form';

/** "Dispute": what is wrong with the week (a dispute needs a comment). */
export function DisputeModal({
  opened,
  onClose,
  title,
  onDispute,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  onDispute: (comment: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('timesheets');
  const { comment, setComment, error, busy, submit } = useCommentForm(onDispute, onClose);
  return (
    <CommentModal
      opened={opened}
      onClose={onClose}
      title={title}
      label={t('signOff.comment')}
      description={t('signOff.commentHint')}
      required
      rows={3}
      maxLength={TIMESHEETS.maxCommentLength}
      value={comment}
      onChange={setComment}
      error={error}
      busy={busy}
      submitLabel={t('signOff.dispute')}
      onSubmit={submit}
    />
  );
}

/** The seven days of a week: worked, activity and (for a client) the screenshots count. */
export function WeekDays({ week, withScreenshots = true }: { week: Week; withScreenshots?: boolean }) {
  const { t, i18n } = useTranslation('timesheets');
  const { totals } = week;
  return (
    <ScrollTable minWidth={420} label={t('signOff.daysCaption', { name: week.va.name })}>
      <Table verticalSpacing={4} fz="sm">
        <caption className="visually-hidden">{t('signOff.daysCaption', { name: week.va.name })}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.date')}</Table.Th>
            <Table.Th>{t('columns.worked')}</Table.Th>
            <Table.Th>{t('columns.activity')}</Table.Th>
            {withScreenshots && <Table.Th>{t('columns.screenshots')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {week.days.map((day) => (
            <Table.Tr key={day.date} data-testid="week-day">
              <Table.Td>{dayLabel(day.date, i18n.language)}</Table.Td>
              <Table.Td>{day.worked_minutes > 0 ? duration(day.worked_minutes) : '–'}</Table.Td>
              <Table.Td>{percent(day.activity_percent)}</Table.Td>
              {withScreenshots && <Table.Td>{day.screenshots}</Table.Td>}
            </Table.Tr>
          ))}
          <Table.Tr fw={600} data-testid="week-total">
            <Table.Th scope="row">{t('signOff.total')}</Table.Th>
            <Table.Td>
              {duration(totals.worked_minutes)} ({decimalHours(totals.worked_minutes)} h)
            </Table.Td>
            <Table.Td>{percent(activityOf(totals.active_minutes, totals.worked_minutes))}</Table.Td>
            {withScreenshots && <Table.Td>{week.days.reduce((n, d) => n + d.screenshots, 0)}</Table.Td>}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The client's comment and the VA's reply, when there are. */
export function WeekConversation({ week }: { week: Week }) {
  const { t } = useTranslation('timesheets');
  if (!week.comment && !week.va_reply) return null;
  return (
    <Stack gap={4}>
      {week.comment && (
        <Alert color={week.client_status === 'disputed' ? 'orange' : 'gray'} variant="light" p="xs">
          <Text size="sm" fw={600}>
            {t('signOff.clientSaid', { name: week.decided_by?.name ?? clientName(week.client) })}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {week.comment}
          </Text>
        </Alert>
      )}
      {week.va_reply && (
        <Alert color="blue" variant="light" p="xs">
          <Text size="sm" fw={600}>
            {t('signOff.vaSaid', { name: week.va.name })}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {week.va_reply}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

/**
 * One VA's week for the client: the seven days, the total, where the sign-off stands, the conversation, and
 * Approve week / Dispute (unless sign-off is off).
 */
export function SignOffCard({
  week,
  canSignOff,
  onDecide,
}: {
  week: Week;
  canSignOff: boolean;
  onDecide: (decision: SignOffDecision, comment?: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('timesheets');
  const [disputing, setDisputing] = useState(false);
  const [approving, setApproving] = useState(false);
  const approve = async () => {
    setApproving(true);
    try {
      await onDecide('approve');
    } finally {
      setApproving(false);
    }
  };
  return (
    <Card withBorder padding="lg" data-testid="sign-off-card" component="section" aria-label={week.va.name}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap">
        <div>
          <Title order={2} size="h4">
            {week.va.name}
          </Title>
          <Text size="sm" c="dimmed">
            {t('signOff.summary', {
              total: duration(week.totals.billable_minutes),
              count: week.count,
              approved: week.approved_count,
            })}
          </Text>
        </div>
        <ClientStatusBadge status={week.client_status} />
      </Group>
      <WeekDays week={week} />
      <Stack gap="sm" mt="sm">
        <WeekConversation week={week} />
        {canSignOff && (
          <Group gap="xs">
            {week.client_status !== 'approved' && (
              <Button loading={approving} onClick={() => void approve()}>
                {t('signOff.approve')}
              </Button>
            )}
            {week.client_status !== 'disputed' && (
              <Button variant="default" onClick={() => setDisputing(true)}>
                {t('signOff.dispute')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <DisputeModal
        opened={disputing}
        onClose={() => setDisputing(false)}
        title={t('signOff.disputeTitle', { name: week.va.name })}
        onDispute={(comment) => onDecide('dispute', comment)}
      />
    </Card>
  );
}
