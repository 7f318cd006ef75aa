import { TIMESHEET_MESSAGES as M } from '@vahub/shared/timesheets/messages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemFieldErrors, problemMessage, sayMessage } from '../../../lib/form-errors';

/**
 * A comment that must not be empty (a client's dispute, the VA's reply): its text, the error under the field
 * (empty, or the server's refusal of `comment`), the busy state, and the submit that sends the trimmed text and
 * clears the field once it went through.
 */
export function useCommentForm(send: (comment: string) => Promise<unknown>, onSent?: () => void) {
  const { t } = useTranslation('timesheets');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!comment.trim()) {
      setError(sayMessage(t, M.comment_required));
      return;
    }
    setBusy(true);
    try {
      await send(comment.trim());
      setComment('');
      setError(null);
      onSent?.();
    } catch (err) {
      setError(problemFieldErrors(t, err).comment ?? problemMessage(t, err));
    } finally {
      setBusy(false);
    }
  };
  return { comment, setComment, error, busy, submit };
}
