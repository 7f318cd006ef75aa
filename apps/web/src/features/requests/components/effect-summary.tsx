import { Alert, List, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { UserRequestDetail } from '@vahub/shared/requests/schemas';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../../lib/format/time';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { dayLabel } from './format';

/**
 * What approving does, or did: the shifts a leave marks on leave, the overtime a timesheet gains, the make-up
 * shift created. Said before a decider confirms, and on the request afterwards. Nothing for a cancelled one.
 */
export function EffectSummary({ request }: { request: UserRequestDetail }) {
  const { t, i18n } = useTranslation('requests');
  const fmt = useTimeFormatter();
  const effect = request.effect;
  if (!effect || request.status === 'cancelled') return null;
  // An approved request did it; a pending one (or a rejected one, reversible) would do it on approval.
  const tense = request.status === 'approved' ? 'did' : 'will';
  const lang = i18n.language;
  let headline: string;
  let items: string[] = [];
  if (effect.kind === 'leave') {
    const count = effect.shifts.length;
    headline = count === 0 ? t(`effect.${tense}.noShift`) : t(`effect.${tense}.leave`, { count });
    items = effect.shifts.map(
      (s) =>
        `${dayLabel(s.date, lang)} · ${fmt.time(s.scheduled_start_at, request.timezone)} – ${fmt.time(s.scheduled_end_at, request.timezone)}`,
    );
  } else if (effect.kind === 'overtime') {
    headline = t(`effect.${tense}.overtime`, {
      minutes: formatDuration(effect.overtime_minutes ?? request.minutes ?? 0),
      date: dayLabel(request.target_start_date, lang),
    });
  } else {
    const mus = request.mus;
    headline = t(`effect.${tense}.mus`, {
      date: mus ? dayLabel(mus.date, lang) : dayLabel(request.target_start_date, lang),
      hours: mus ? fmt.range(mus.start, mus.end) : '',
    });
  }
  return (
    <Alert
      color={tense === 'did' ? 'green' : 'blue'}
      icon={<IconInfoCircle size={18} aria-hidden />}
      title={t('effect.title')}
      data-testid="effect"
      role="note"
    >
      <Text size="sm">{headline}</Text>
      {items.length > 0 && (
        <List size="sm" mt={4}>
          {items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
