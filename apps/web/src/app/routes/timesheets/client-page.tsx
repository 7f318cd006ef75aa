import { ActionIcon, Alert, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconInfoCircle } from '@tabler/icons-react';
import { addDays } from '@vahub/shared/time/dates';
import type { SignOffDecision } from '@vahub/shared/timesheets/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageTitle } from '../../../components/ui/page-title';
import { mondayOf, weekOf } from '../../../features/timesheets/api/filters';
import { useSignOff, useWeeks, type Week } from '../../../features/timesheets/api/queries';
import { isSignOffOff } from '../../../features/timesheets/api/sign-off';
import { ExportMenu } from '../../../features/timesheets/components/export-menu';
import { SignOffCard } from '../../../features/timesheets/components/sign-off-card';
import { problemMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useUrlParams } from '../../../lib/url-params';
import { useViewerZone } from '../insights/viewer';
import { LoadError } from './shared';

/** Where the week picker stands: that week's Monday, the one before and after (none after the current week). */
function WeekPicker({
  monday,
  today,
  onWeek,
}: {
  monday: string;
  today: string;
  onWeek: (m: string) => void;
}) {
  const { t } = useTranslation('timesheets');
  const next = addDays(monday, 7);
  return (
    <Group gap="xs" wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('week.previous')}
        onClick={() => onWeek(addDays(monday, -7))}
      >
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>
      <Text fw={600} aria-live="polite" data-testid="week-label">
        {t('week.label', { from: monday, to: addDays(monday, 6) })}
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('week.next')}
        disabled={next > mondayOf(today)}
        onClick={() => onWeek(next)}
      >
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/**
 * The client's `timesheets`: the weekly sign-off. One card per VA with the week's seven days (worked, activity,
 * screenshots), the total, Approve week / Dispute, the status and the VA's reply; the last full week by
 * default (`?week=`). Where the organization turned sign-off off, the first decision says so and the buttons go.
 */
export function ClientTimesheetsPage() {
  const { t } = useTranslation('timesheets');
  const { today } = useViewerZone();
  const { params, update } = useUrlParams();
  const monday = weekOf(params, today);
  const weeks = useWeeks('client', { week_start: monday, weeks: 1, per_page: 100 });
  const signOff = useSignOff();
  const [off, setOff] = useState(false);
  const signOffOff = off || (weeks.isError && isSignOffOff(weeks.error));

  const decide = async (week: Week, decision: SignOffDecision, comment?: string) => {
    try {
      await signOff.mutateAsync({ va_id: week.va.id, week_start: week.week_start, decision, comment });
      notify(
        'green',
        t(decision === 'approve' ? 'signOff.approved' : 'signOff.disputed', { name: week.va.name }),
      );
    } catch (error) {
      if (isSignOffOff(error)) {
        setOff(true);
        return;
      }
      // The dispute modal shows its own errors; an approval's go to a notification.
      if (decision === 'dispute') throw error;
      notify('warning', problemMessage(t, error));
    }
  };

  const list = weeks.data?.data ?? [];
  const rows = list.reduce((n, w) => n + w.count, 0);
  const sunday = addDays(monday, 6);
  return (
    <>
      <PageTitle
        title={t('client.title')}
        text={t('client.text')}
        actions={<ExportMenu area="client" query={{ start_date: monday, end_date: sunday }} rows={rows} />}
      />
      <Stack gap="md">
        <WeekPicker
          monday={monday}
          today={today}
          onWeek={(m) => update({ week: m === weekOf(new URLSearchParams(), today) ? null : m })}
        />
        {signOffOff && (
          <Alert
            color="gray"
            variant="light"
            icon={<IconInfoCircle aria-hidden />}
            data-testid="sign-off-off"
          >
            {t('client.off')}
          </Alert>
        )}
        {weeks.isError && !isSignOffOff(weeks.error) && (
          <LoadError error={weeks.error} onRetry={() => void weeks.refetch()} />
        )}
        {weeks.isPending ? (
          <Loader aria-label={t('common:loading')} />
        ) : list.length === 0 && !weeks.isError ? (
          <EmptyState>{t('client.empty')}</EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {list.map((week) => (
              <SignOffCard
                key={`${week.va.id}-${week.client.id}`}
                week={week}
                canSignOff={!signOffOff}
                onDecide={(decision, comment) => decide(week, decision, comment)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </>
  );
}
