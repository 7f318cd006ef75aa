import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Attendance } from '@vahub/shared/attendance/schemas';
import { privacyAllowsImages } from '@vahub/shared/screenshots/privacy';
import { isTracking, type ShiftStatus } from '@vahub/tracker-core/shift-state';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { badgeLabelColor, WARN_TEXT } from '../../../components/attendance/colors';
import { AppTooltip } from '../../../components/ui/app-tooltip';
import { TimezoneFlag } from '../../../components/ui/timezone-flag';
import { confirmDialog } from '../../../lib/confirm';
import { problemMessage } from '../../../lib/form-errors';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { formatElapsed, shiftSeconds } from '../lib/format';
import type { TimerModel } from '../lib/use-timer';
import { AgentStatus } from './agent-status';
import { CaptureControl } from './capture-control';
import { IdleNote } from './idle-note';
import { SyncStatus } from './sync-status';
import { TaskPicker } from './task-picker';
import { Figures, TimerError, TimerLoading } from './timer-parts';
import { useNow } from './use-now';

const STATUS_COLORS: Record<ShiftStatus, string> = {
  clocked_out: 'gray',
  on_shift: 'green',
  idle: 'yellow',
  forced_out: 'red',
};

/**
 * The VA's timer: the current or next shift, a big clock in / clock out button, the running time (also in
 * the tab's title), this shift's figures, sync state and what a web timer cannot see.
 */
export function TimerPanel({ model, timezone }: { model: TimerModel; timezone: string }) {
  const { t, i18n } = useTranslation('tracker');
  const format = useTimeFormatter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const { snapshot, current, role } = model;
  const status: ShiftStatus =
    snapshot?.shift.status ?? (current?.state === 'ongoing' ? 'on_shift' : 'clocked_out');
  const tracking = status === 'on_shift' || status === 'idle';
  // The attendance to show: the tracked one, else the ended one (its figures), else the next one.
  const attendance: Attendance | null =
    (snapshot && (isTracking(snapshot.shift) || status === 'forced_out')
      ? snapshot.shift.attendance
      : null) ??
    current?.attendance ??
    null;
  const now = useNow(tracking);
  const elapsed = tracking ? formatElapsed(shiftSeconds(attendance, now)) : null;
  // A shift whose window has begun is the current one, clocked in or not.
  const inProgress =
    !!attendance &&
    Date.parse(attendance.scheduled_start_at) <= now &&
    now < Date.parse(attendance.scheduled_end_at);

  if (!current && !model.currentError) return <TimerLoading />;
  if (!current) return <TimerError onRetry={model.retry} />;

  const leader = role === 'leader';
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const clockOut = () =>
    confirmDialog({
      title: t('clockOutConfirmTitle'),
      message: t('clockOutConfirm'),
      confirmLabel: t('clockOut'),
      cancelLabel: t('common:cancel'),
      color: 'danger',
      action: () => run(model.clockOut),
    });

  const range = attendance
    ? `${format.time(attendance.scheduled_start_at, timezone)} – ${format.time(attendance.scheduled_end_at, timezone)}`
    : null;
  const shiftRange = attendance
    ? `${format.time(attendance.scheduled_start_at, attendance.timezone)} – ${format.time(attendance.scheduled_end_at, attendance.timezone)} (${attendance.timezone})`
    : null;
  const opensAt = current.clock_in_opens_at;
  const privacy = current.settings?.screenshot_privacy;
  // Only the leading tab captures, and only for a contract whose tier allows images.
  const imagePrivacy = privacy && privacyAllowsImages(privacy) ? privacy : null;
  const closed = !tracking && current.state !== 'ongoing' && !current.can_clock_in && !opensAt;

  return (
    <Card withBorder radius="md" padding="lg" data-testid="timer-panel" data-status={status} data-role={role}>
      <Stack gap="md">
        {!model.online && (
          <Alert color="orange" data-testid="timer-offline">
            {t('offline')}
          </Alert>
        )}
        {role === 'follower' && (
          <Alert color="blue" data-testid="timer-other-tab">
            {t('otherTab')}
          </Alert>
        )}
        {tracking && snapshot?.standingBy && (
          <Alert color="blue" title={t('standingByTitle')} data-testid="timer-standing-by">
            {t('standingBy')}
          </Alert>
        )}
        {status === 'forced_out' && (
          <Alert color="red" title={t('forcedOutTitle')} data-testid="timer-forced-out">
            {t('forcedOut')}
          </Alert>
        )}

        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700} data-testid="timer-shift-label">
              {tracking || current.state === 'ongoing' || inProgress ? t('currentShift') : t('nextShift')}
            </Text>
            {attendance && current.contract ? (
              <>
                <Title order={2} size="h3" data-testid="timer-contract">
                  {current.client
                    ? t('shiftOf', { contract: current.contract.title, client: current.client.name })
                    : current.contract.title}
                </Title>
                <Group gap={6}>
                  <Text size="sm" data-testid="timer-scheduled">
                    {t('scheduled', {
                      range: `${dayLabel(attendance.scheduled_start_at, timezone, i18n.language)}, ${range}`,
                    })}
                  </Text>
                  {attendance.timezone !== timezone && (
                    <AppTooltip label={shiftRange}>
                      <span>
                        <TimezoneFlag timezone={timezone} />
                      </span>
                    </AppTooltip>
                  )}
                </Group>
              </>
            ) : (
              <Text data-testid="timer-no-shift">{t('noShift')}</Text>
            )}
          </div>
          <Badge
            color={STATUS_COLORS[status]}
            size="lg"
            variant="light"
            styles={{ label: { color: badgeLabelColor(STATUS_COLORS[status]) } }}
            data-testid="timer-status"
          >
            {t(`status.${status}`)}
          </Badge>
        </Group>

        <Stack gap={4} align="center">
          <Text size="xs" c="dimmed" data-testid="timer-elapsed-caption">
            {tracking ? t('elapsedLabel') : t('notClockedIn')}
          </Text>
          <Text
            fz={{ base: 48, sm: 72 }}
            fw={700}
            lh={1}
            c={tracking ? undefined : 'dimmed'}
            style={{ fontVariantNumeric: 'tabular-nums' }}
            aria-live="off"
            data-testid="timer-elapsed"
          >
            {elapsed ?? '0:00:00'}
          </Text>
          {tracking && attendance && attendance.late_minutes > 0 && (
            <Text size="sm" style={{ color: WARN_TEXT }}>
              {t('late', { minutes: attendance.late_minutes })}
            </Text>
          )}
        </Stack>

        {/* The darkest shade and large bold labels keep white text above AA contrast. */}
        {leader && attendance && (
          <Group justify="center">
            {tracking ? (
              <Button
                size="xl"
                color="danger.9"
                fz="xl"
                fw={700}
                onClick={clockOut}
                loading={busy}
                data-testid="timer-clock-out"
              >
                {t('clockOut')}
              </Button>
            ) : (
              <Button
                size="xl"
                color="success.9"
                fz="xl"
                fw={700}
                onClick={() => run(model.clockIn)}
                loading={busy}
                disabled={closed}
                data-testid="timer-clock-in"
              >
                {t('clockIn')}
              </Button>
            )}
          </Group>
        )}
        {!tracking && attendance && opensAt && Date.parse(opensAt) > Date.now() && (
          <Text size="sm" c="dimmed" ta="center" data-testid="timer-opens">
            {t('clockInOpens', { at: format.time(opensAt, timezone) })}
          </Text>
        )}
        {!tracking && closed && attendance && (
          <Text size="sm" c="dimmed" ta="center">
            {t('clockInClosed')}
          </Text>
        )}
        {error !== null && (
          <Alert color="red" data-testid="timer-error" withCloseButton onClose={() => setError(null)}>
            {problemMessage(t, error)}
          </Alert>
        )}

        {attendance && <TaskPicker model={model} timezone={timezone} />}
        {attendance && (tracking || attendance.started_at) && <Figures attendance={attendance} />}
        {/* While the agent records, this tab's sync matters only for what it still holds. */}
        {snapshot &&
          (snapshot.backlog > 0 || (!snapshot.standingBy && (tracking || snapshot.lastSyncAt))) && (
            <SyncStatus snapshot={snapshot} timezone={timezone} format={format} />
          )}
        {leader && !snapshot?.standingBy && attendance && imagePrivacy && (
          <CaptureControl
            privacy={imagePrivacy}
            perHour={current.settings?.screenshots_per_hour ?? 0}
            share={model.share}
            capture={model.capture}
            timezone={timezone}
            format={format}
            onStart={model.startShare}
            onStop={model.stopShare}
          />
        )}
        {leader && !snapshot?.standingBy && <IdleNote support={model.idle} onGrant={model.grantIdle} />}
        <AgentStatus connected={current.agent_connected} />
      </Stack>
    </Card>
  );
}

/** "Mon, Mar 2": the shift's day in the viewer's zone. */
function dayLabel(iso: string, timeZone: string, language: string): string {
  try {
    return new Intl.DateTimeFormat(language || 'en', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone,
    }).format(new Date(iso));
  } catch {
    return iso.slice(0, 10);
  }
}
