import { Blockquote, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UserRequestDetail } from '@vahub/shared/requests/schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { clientName } from '../../../lib/format/client-name';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { AttachmentPreview } from './attachment-preview';
import { EffectSummary } from './effect-summary';
import { amountOf, dayLabel, requestDates } from './format';
import { RequestStatusBadge } from './status-badge';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

/**
 * One request as the VA and the deciders read it: what was asked (type, dates, days or minutes, who pays,
 * the make-up shift), the reason, the attachment, the decision with its note and decider, and the effect.
 * `withVa` names the VA (the deciders' view).
 */
export function RequestDetails({
  request: r,
  withVa = false,
}: {
  request: UserRequestDetail;
  withVa?: boolean;
}) {
  const { t, i18n } = useTranslation('requests');
  const fmt = useTimeFormatter();
  const lang = i18n.language;
  return (
    <Stack gap="md" data-testid="request-details">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
        <Field label={t('columns.type')}>{t(`types.${r.type}`)}</Field>
        <Field label={t('columns.status')}>
          <RequestStatusBadge status={r.status} />
        </Field>
        {withVa && <Field label={t('columns.va')}>{r.va.name}</Field>}
        <Field label={t('columns.contract')}>{`${r.contract.title} · ${clientName(r.client)}`}</Field>
        <Field label={r.type === 'overtime' ? t('columns.shift') : t('columns.dates')}>
          {requestDates(r, lang)}
        </Field>
        {r.mus && (
          <Field
            label={t('columns.hours')}
          >{`${dayLabel(r.mus.date, lang)} · ${fmt.range(r.mus.start, r.mus.end)} (${r.timezone})`}</Field>
        )}
        <Field label={r.minutes !== null ? t('columns.duration') : t('columns.days')}>{amountOf(r, t)}</Field>
        {r.paid_by && <Field label={t('columns.paidBy')}>{t(`paidBy.${r.paid_by}`)}</Field>}
        <Field label={t('columns.created')}>{fmt.dateTime(r.created_at)}</Field>
      </SimpleGrid>
      {r.details && (
        <div>
          <Title order={3} size="h6" mb={4}>
            {t('detail.reason')}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {r.details}
          </Text>
        </div>
      )}
      <div>
        <Title order={3} size="h6" mb={4}>
          {t('detail.attachment')}
        </Title>
        {r.file ? (
          <AttachmentPreview file={r.file} />
        ) : (
          <Text size="sm" c="dimmed">
            {t(r.has_file ? 'detail.attachmentGone' : 'detail.noAttachment')}
          </Text>
        )}
      </div>
      {r.decided_at && (r.status === 'approved' || r.status === 'rejected') && (
        <Card withBorder padding="sm" data-testid="decision">
          <Group gap="xs" mb={r.decision_note ? 'xs' : 0}>
            <RequestStatusBadge status={r.status} />
            <Text size="sm">
              {t('detail.decidedBy', {
                name: r.decider?.name ?? t('detail.someone'),
                at: fmt.dateTime(r.decided_at),
              })}
            </Text>
          </Group>
          {r.decision_note && (
            <Blockquote p="xs" fz="sm" cite={r.decider?.name}>
              {r.decision_note}
            </Blockquote>
          )}
        </Card>
      )}
      <EffectSummary request={r} />
    </Stack>
  );
}
