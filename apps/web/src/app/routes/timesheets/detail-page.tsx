import { Anchor, Button, Card, Group, Loader, Stack, Title } from '@mantine/core';
import { TIMESHEETS } from '@vahub/shared/timesheets/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CommentModal } from '../../../components/forms/comment-modal';
import { PageTitle } from '../../../components/ui/page-title';
import { AnalysePanel } from '../../../features/ai/components/analyse-panel';
import { useTimesheet, useUpdateTimesheet } from '../../../features/timesheets/api/queries';
import { AdjustModal } from '../../../features/timesheets/components/adjust-modal';
import { DetailView } from '../../../features/timesheets/components/detail-view';
import { HistoryTimeline } from '../../../features/timesheets/components/history-timeline';
import { confirmDialog } from '../../../lib/confirm';
import { problemMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { LoadError, timesheetsBase, userTimesheetsHref, useTimesheetArea } from './shared';

/** "Reject" with an optional reason. */
function RejectModal({
  opened,
  onClose,
  onReject,
}: {
  opened: boolean;
  onClose: () => void;
  onReject: (note: string) => Promise<void>;
}) {
  const { t } = useTranslation('timesheets');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await onReject(note.trim());
      setNote('');
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <CommentModal
      opened={opened}
      onClose={onClose}
      title={t('reject.title')}
      label={t('reject.reason')}
      rows={2}
      maxLength={TIMESHEETS.maxNoteLength}
      value={note}
      onChange={setNote}
      busy={busy}
      submitLabel={t('actions.reject')}
      onSubmit={submit}
    />
  );
}

/**
 * `reports/timesheets/timesheet/:id` of the admin and a manager: the timesheet, Adjust (with a reason),
 * Approve, Reject (an optional reason), Reopen (the admin, on an approved one, after a confirmation) and its
 * history.
 */
export function TimesheetDetailPage() {
  const { t } = useTranslation('timesheets');
  const { role, area } = useTimesheetArea();
  const id = Number(useParams().id);
  const detail = useTimesheet(area, id);
  const update = useUpdateTimesheet(area === 'manager' ? 'manager' : 'admin');
  const [adjusting, setAdjusting] = useState(false);
  const [rejecting, setRejecting] = useState(false);

  const change = async (body: Parameters<typeof update.mutateAsync>[0]['body'], done: string) => {
    try {
      await update.mutateAsync({ id, body });
      notify('green', done);
    } catch (error) {
      notify('warning', problemMessage(t, error));
    }
  };

  const back = (
    <Anchor component={Link} to={timesheetsBase(role)} size="sm">
      {t('detail.back')}
    </Anchor>
  );
  if (detail.isPending) return <Loader aria-label={t('common:loading')} />;
  if (detail.isError)
    return (
      <>
        <PageTitle title={t('detail.title')} text={back} />
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      </>
    );
  const d = detail.data;
  const frozen = d.status === 'approved';
  return (
    <>
      <PageTitle
        title={t('detail.title')}
        text={
          <Group gap="md">
            {back}
            <Anchor component={Link} to={userTimesheetsHref(role, d.va_id)} size="sm">
              {t('detail.allOf', { name: d.va.name })}
            </Anchor>
          </Group>
        }
        actions={
          <Group gap="xs" wrap="wrap">
            {!frozen && (
              <Button variant="default" onClick={() => setAdjusting(true)}>
                {t('actions.adjust')}
              </Button>
            )}
            {!frozen && (
              <Button
                loading={update.isPending}
                onClick={() => void change({ status: 'approved' }, t('actions.approved'))}
              >
                {t('actions.approve')}
              </Button>
            )}
            {d.status === 'pending' && (
              <Button variant="default" onClick={() => setRejecting(true)}>
                {t('actions.reject')}
              </Button>
            )}
            {frozen && role === 'admin' && (
              <Button
                variant="default"
                onClick={() =>
                  void confirmDialog({
                    title: t('reopen.title'),
                    message: t('reopen.message', { name: d.va.name, date: d.date }),
                    confirmLabel: t('actions.reopen'),
                    cancelLabel: t('common:cancel'),
                    action: () => change({ status: 'pending' }, t('actions.reopened')),
                  })
                }
              >
                {t('actions.reopen')}
              </Button>
            )}
          </Group>
        }
      />
      <Stack gap="md">
        <DetailView detail={d} />
        <Card withBorder padding="lg">
          <Title order={2} size="h5" mb="md">
            {t('detail.history')}
          </Title>
          <HistoryTimeline entries={d.history} />
        </Card>
        <Card withBorder padding="lg">
          <AnalysePanel attendanceId={d.attendance_id} area={role} />
        </Card>
      </Stack>
      {adjusting && (
        <AdjustModal
          opened
          onClose={() => setAdjusting(false)}
          timesheet={d}
          onSave={async (body) => {
            await update.mutateAsync({ id, body });
            notify('green', t('adjust.saved'));
          }}
        />
      )}
      <RejectModal
        opened={rejecting}
        onClose={() => setRejecting(false)}
        onReject={(note) => change({ status: 'rejected', ...(note ? { note } : {}) }, t('actions.rejected'))}
      />
    </>
  );
}
