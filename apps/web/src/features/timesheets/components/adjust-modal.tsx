import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { TIMESHEET_MESSAGES as M } from '@vahub/shared/timesheets/messages';
import { TIMESHEETS, type Timesheet } from '@vahub/shared/timesheets/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemFieldErrors, problemMessage, sayMessage } from '../../../lib/form-errors';
import { duration, signedDuration } from './format';

type Figures = Pick<
  Timesheet,
  | 'status'
  | 'billable_minutes'
  | 'adjustment_minutes'
  | 'worked_minutes'
  | 'scheduled_minutes'
  | 'overtime_minutes'
>;

/**
 * The billable minutes after changing the adjustment to `adjustment`: billable is (worked, capped unless
 * overtime is allowed) + overtime + adjustment, never below zero; a rejected timesheet bills nothing. The base
 * is read back from the current billable; when that sits at zero the base is unknown, so the capped worked
 * minutes stand in for it (the server's answer after saving is the truth).
 */
export function billableAfter(t: Figures, adjustment: number): number {
  if (t.status === 'rejected') return 0;
  const base =
    t.billable_minutes > 0
      ? t.billable_minutes - t.adjustment_minutes
      : Math.min(t.worked_minutes, t.scheduled_minutes) + t.overtime_minutes;
  return Math.max(0, base + adjustment);
}

/**
 * "Adjust": the timesheet's adjustment in minutes (plus or minus, up to a day), with the reason it needs, and
 * the billable minutes it will give before saving.
 */
export function AdjustModal({
  opened,
  onClose,
  timesheet,
  onSave,
}: {
  opened: boolean;
  onClose: () => void;
  timesheet: Figures;
  onSave: (input: { adjustment_minutes: number; note: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation('timesheets');
  const [minutes, setMinutes] = useState<number>(timesheet.adjustment_minutes);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const max = TIMESHEETS.maxAdjustmentMinutes;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!Number.isInteger(minutes) || Math.abs(minutes) > max)
      next.adjustment_minutes = t('adjust.range', { max });
    if (!note.trim()) next.note = sayMessage(t, M.note_required);
    setErrors(next);
    if (Object.keys(next).length) return;
    setSaving(true);
    try {
      await onSave({ adjustment_minutes: minutes, note: note.trim() });
      setNote('');
      onClose();
    } catch (error) {
      const fields = problemFieldErrors(t, error);
      setErrors(Object.keys(fields).length ? fields : { form: problemMessage(t, error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('adjust.title')} centered>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('adjust.title')}>
        <Stack gap="sm">
          <NumberInput
            clampBehavior="none"
            label={t('adjust.minutes')}
            description={t('adjust.minutesHint', { max })}
            value={minutes}
            onChange={(v) => setMinutes(typeof v === 'number' ? v : Number(v) || 0)}
            min={-max}
            max={max}
            step={5}
            error={errors.adjustment_minutes}
            data-autofocus
          />
          <Textarea
            label={t('adjust.reason')}
            withAsterisk
            rows={2}
            maxLength={TIMESHEETS.maxNoteLength}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={errors.note}
          />
          <Text size="sm" data-testid="billable-preview" aria-live="polite">
            {t('adjust.preview', {
              adjustment: signedDuration(minutes),
              billable: duration(billableAfter(timesheet, minutes)),
            })}
          </Text>
          {errors.form && (
            <Text size="sm" c="red" role="alert">
              {errors.form}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('adjust.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
