import { Text, Timeline } from '@mantine/core';
import type { TimesheetHistoryEntry } from '@vahub/shared/timesheets/schemas';
import { useTranslation } from 'react-i18next';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { signedDuration } from './format';

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const minutes = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** What happened to a timesheet, oldest first: adjustments (from → to, why), decisions, reopenings, sign-off. */
export function HistoryTimeline({ entries }: { entries: TimesheetHistoryEntry[] }) {
  const { t } = useTranslation('timesheets');
  const fmt = useTimeFormatter();
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('detail.noHistory')}
      </Text>
    );
  return (
    <Timeline bulletSize={14} lineWidth={2} active={entries.length - 1} data-testid="history">
      {entries.map((entry, i) => {
        const from = minutes(entry.details.from);
        const to = minutes(entry.details.to);
        const note = text(entry.details.note) ?? text(entry.details.comment);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: history entries have no id and never reorder
          <Timeline.Item key={i} title={t(`history.${entry.action}`)}>
            <Text size="xs" c="dimmed">
              {fmt.dateTime(entry.at)}
              {entry.actor ? ` · ${entry.actor.name}` : ''}
            </Text>
            {entry.action === 'adjusted' && from !== null && to !== null && (
              <Text size="sm">
                {t('history.fromTo', { from: signedDuration(from), to: signedDuration(to) })}
              </Text>
            )}
            {note && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {note}
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
