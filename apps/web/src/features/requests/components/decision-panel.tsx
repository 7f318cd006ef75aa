import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconTrash, IconX } from '@tabler/icons-react';
import { REQUEST_MESSAGES as M } from '@vahub/shared/requests/messages';
import { type Decision, REQUESTS, type UserRequestDetail } from '@vahub/shared/requests/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/confirm';
import { sayMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import type { RequestArea } from '../api/areas';
import { useDecideRequest } from '../api/decide-request';
import { useDeleteRequest } from '../api/delete-request';
import { requestFieldErrors, requestProblemMessage } from './messages';

/** Whether a decision needs a note: a rejection, and any reversal of a decided request. */
export const needsNote = (status: UserRequestDetail['status'], decision: Decision): boolean =>
  decision === 'rejected' || status !== 'pending';

/**
 * A decider's actions on a request: Approve or Reject a pending one with a note (required to reject), Reverse
 * a decided one (with a note; the effect is undone or applied), and for the admin Delete (after a confirmation).
 */
export function DecisionPanel({
  request,
  area,
  onDeleted,
}: {
  request: UserRequestDetail;
  area: RequestArea;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('requests');
  const decide = useDecideRequest(area);
  const remove = useDeleteRequest();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Decision | null>(null);
  const { status } = request;

  const send = async (decision: Decision) => {
    const text = note.trim();
    if (!text && needsNote(status, decision)) {
      setError(sayMessage(t, M.note_required));
      return;
    }
    setError(null);
    setBusy(decision);
    try {
      await decide.mutateAsync({
        id: request.id,
        body: { status: decision, ...(text ? { note: text } : {}) },
      });
      setNote('');
      notify('green', t(status === 'pending' ? `decide.done.${decision}` : 'decide.done.reversed'));
    } catch (err) {
      const fields = requestFieldErrors(t, err);
      if (fields.note) setError(fields.note);
      else notify('warning', requestProblemMessage(t, err));
    } finally {
      setBusy(null);
    }
  };

  const askDelete = () =>
    confirmDialog({
      title: t('decide.deleteTitle'),
      message: t(status === 'approved' ? 'decide.deleteApproved' : 'decide.deleteText'),
      confirmLabel: t('decide.delete'),
      cancelLabel: t('common:cancel'),
      color: 'red',
      action: async () => {
        try {
          await remove.mutateAsync(request.id);
          notify('green', t('decide.deleted'));
          onDeleted();
        } catch (err) {
          notify('warning', requestProblemMessage(t, err));
          throw err;
        }
      },
    });

  const deleteButton =
    area === 'admin' ? (
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => void askDelete()}
      >
        {t('decide.delete')}
      </Button>
    ) : null;

  if (status === 'cancelled')
    return (
      <Group justify="space-between" data-testid="decision-panel">
        <Text size="sm" c="dimmed">
          {t('decide.cancelled')}
        </Text>
        {deleteButton}
      </Group>
    );

  const reversal: Decision | null =
    status === 'approved' ? 'rejected' : status === 'rejected' ? 'approved' : null;
  return (
    <Stack gap="sm" data-testid="decision-panel">
      <Textarea
        label={t('decide.note')}
        description={t(reversal ? 'decide.noteReverse' : 'decide.noteHelp')}
        rows={3}
        maxLength={REQUESTS.maxNoteLength}
        value={note}
        error={error}
        onChange={(e) => {
          setNote(e.currentTarget.value);
          if (error) setError(null);
        }}
      />
      {reversal === 'rejected' && (
        <Text size="sm" c="dimmed">
          {t('decide.undoes')}
        </Text>
      )}
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          {reversal ? (
            <Button
              color={reversal === 'approved' ? 'green' : 'red'}
              loading={busy === reversal}
              onClick={() => void send(reversal)}
            >
              {t(`decide.reverseTo.${reversal}`)}
            </Button>
          ) : (
            <>
              <Button
                color="green"
                leftSection={<IconCheck size={16} aria-hidden />}
                loading={busy === 'approved'}
                disabled={busy !== null}
                onClick={() => void send('approved')}
              >
                {t('decide.approve')}
              </Button>
              <Button
                color="red"
                variant="light"
                leftSection={<IconX size={16} aria-hidden />}
                loading={busy === 'rejected'}
                disabled={busy !== null}
                onClick={() => void send('rejected')}
              >
                {t('decide.reject')}
              </Button>
            </>
          )}
        </Group>
        {deleteButton}
      </Group>
    </Stack>
  );
}
