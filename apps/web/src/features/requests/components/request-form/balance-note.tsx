import { Alert, List, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCalendarStats } from '@tabler/icons-react';
import type { VacationDays } from '@vahub/shared/requests/schemas';
import { useTranslation } from 'react-i18next';
import { dayLabel } from '../format';
import { requestProblemMessage } from '../messages';

/**
 * The working days a leave covers and what stays of the allowance, before sending: "3 working days · 7 of 10
 * vacation days left in 2026"; a range across the new year says each year, and the days already on leave (or
 * asked for) are named. A problem (no working day, another leave in the way, more than the balance) is said here
 * and blocks sending.
 */
export function BalanceNote({
  days,
  loading,
  error,
  problem,
}: {
  days: VacationDays | undefined;
  loading: boolean;
  error: unknown;
  problem: string | null;
}) {
  const { t, i18n } = useTranslation('requests');
  if (error) {
    return (
      <Alert
        color="orange"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        data-testid="balance"
        role="status"
      >
        {requestProblemMessage(t, error)}
      </Alert>
    );
  }
  if (!days) return loading ? <Loader size="sm" aria-label={t('balance.loading')} /> : null;
  const pool = days.pool ? t(`pool.${days.pool}`) : null;
  const lines = days.pool
    ? days.years.map((y) => {
        const of = { balance: y.balance, allowance: y.allowance, pool, year: y.year, count: y.days };
        const line =
          days.years.length > 1 ? t('balance.inYear', of) : t('balance.left', { ...of, count: days.days });
        return y.pending > 0 ? `${line} ${t('balance.pending', { count: y.pending })}` : line;
      })
    : [t('balance.days', { count: days.days })];
  return (
    <Alert
      color={problem ? 'red' : 'blue'}
      icon={
        problem ? <IconAlertTriangle size={18} aria-hidden /> : <IconCalendarStats size={18} aria-hidden />
      }
      data-testid="balance"
      // Mantine's alert is an "alert": the count is news, not an alarm (the problem inside is one).
      role="status"
      aria-busy={loading}
    >
      {lines.length === 1 ? (
        <Text size="sm">{lines[0]}</Text>
      ) : (
        <>
          <Text size="sm">{t('balance.days', { count: days.days })}</Text>
          <List size="sm">
            {lines.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </>
      )}
      {days.taken_dates.length > 0 && (
        <Text size="sm" mt={4} data-testid="taken-dates">
          {t('balance.taken', {
            count: days.taken_dates.length,
            dates: days.taken_dates.map((d) => dayLabel(d, i18n.language)).join(', '),
          })}
        </Text>
      )}
      {problem && (
        <Text size="sm" fw={500} mt={4} role="alert">
          {problem}
        </Text>
      )}
    </Alert>
  );
}
