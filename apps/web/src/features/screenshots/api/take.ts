import { useMutation, useQueryClient } from '@tanstack/react-query';
import { msg } from '@vahub/shared/api/messages';
import { SCREENSHOT_MESSAGES } from '@vahub/shared/screenshots/messages';
import { SCREENSHOTS } from '@vahub/shared/screenshots/schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api-client';
import { problemMessage, sayMessage } from '../../../lib/form-errors';
import { invalidate } from '../../../lib/query-keys';
import { useRealtime } from '../../../lib/use-realtime';
import type { ScreenshotArea } from './filters';
import { screenshotApi } from './queries';

/** After the server's own deadline, this long more before the page says the request failed. */
export const TAKE_GRACE_MS = 5_000;
/**
 * While waiting, the page also asks for the capture by its request this often: `screenshot.created` is sent once,
 * and a socket still connecting (a page just opened) or reconnecting would miss it.
 */
export const TAKE_POLL_MS = 2_500;

export type TakeState =
  | { status: 'idle' }
  | { status: 'pending'; requestId: string | null }
  | { status: 'done'; screenshotId: number }
  | { status: 'failed'; message: string };

type Outcome = { kind: 'created'; id: number } | { kind: 'failed'; reason: string };

/**
 * "Take a screenshot now" (`POST screenshots/take`), as a small state machine: pending while the VA's tracker
 * captures, done when `screenshot.created` names this request, failed on `screenshot.failed`, on the server's
 * refusal (422: no shift, a tier that forbids it, no tracker that can capture) or when nothing arrived by the
 * request's deadline (a lost message must not leave the button spinning). A message that arrives before the
 * 202 does (a fast tracker) is kept until the request id is known.
 */
export function useTakeScreenshot(area: ScreenshotArea) {
  const { t } = useTranslation('screenshots');
  const client = useQueryClient();
  const [state, setState] = useState<TakeState>({ status: 'idle' });
  const early = useRef(new Map<string, Outcome>());
  const deadline = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const take = useMutation({
    mutationFn: (vaId: number) => call(screenshotApi[area].take, { body: { user_id: vaId } }),
  });

  const settle = useCallback(
    (outcome: Outcome) => {
      clearTimeout(deadline.current);
      if (outcome.kind === 'created') {
        setState({ status: 'done', screenshotId: outcome.id });
        void invalidate(client, 'screenshots');
      } else {
        setState({ status: 'failed', message: sayMessage(t, outcome.reason) });
      }
    },
    [client, t],
  );

  const heard = (requestId: string | undefined, outcome: Outcome) => {
    if (!requestId || state.status !== 'pending') return;
    if (state.requestId === requestId) settle(outcome);
    else if (state.requestId === null) early.current.set(requestId, outcome);
  };
  useRealtime('screenshot.created', (d) => heard(d.request_id, { kind: 'created', id: d.id }));
  useRealtime('screenshot.failed', (d) => heard(d.request_id, { kind: 'failed', reason: d.reason }));
  useEffect(() => () => clearTimeout(deadline.current), []);

  const waitingFor = state.status === 'pending' ? state.requestId : null;
  useEffect(() => {
    if (!waitingFor) return;
    let stopped = false;
    const check = async () => {
      const page = await call(screenshotApi[area].list, {
        query: { request_id: waitingFor, per_page: 1 },
      }).catch(() => null);
      const found = page?.data[0];
      if (!stopped && found) settle({ kind: 'created', id: found.id });
    };
    const timer = setInterval(() => void check(), TAKE_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [waitingFor, area, settle]);

  const start = async (vaId: number) => {
    clearTimeout(deadline.current);
    early.current.clear();
    setState({ status: 'pending', requestId: null });
    try {
      const { request_id, expires_at } = await take.mutateAsync(vaId);
      const arrived = early.current.get(request_id);
      early.current.clear();
      if (arrived) return settle(arrived);
      setState({ status: 'pending', requestId: request_id });
      const wait = Math.max(0, Date.parse(expires_at) - Date.now()) + TAKE_GRACE_MS;
      const timeout = msg(SCREENSHOT_MESSAGES.take_timeout, { seconds: SCREENSHOTS.requestTimeoutSeconds });
      deadline.current = setTimeout(() => settle({ kind: 'failed', reason: timeout }), wait);
    } catch (err) {
      setState({ status: 'failed', message: problemMessage(t, err) });
    }
  };

  const reset = () => {
    clearTimeout(deadline.current);
    setState({ status: 'idle' });
  };
  return { state, start, reset };
}
