import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { type Resolve, resolveTarget } from './address-guard';
import { signatureHeader } from './signature';
import {
  WebhookAddressError,
  type WebhookAnswer,
  WebhookDeliveryError,
  type WebhookPost,
  type WebhookSender,
} from './types';

export type HttpWebhookSenderOptions = {
  /** WEBHOOKS_ALLOW_PRIVATE: private addresses and http:// allowed. */
  allowPrivate: boolean;
  /** WEBHOOKS_TIMEOUT_MS: the whole POST, from the lookup to the last byte of the answer. */
  timeoutMs: number;
  userAgent: string;
  /** The resolver of host names (the system's unless a test gives another). */
  resolve?: Resolve;
};

/** At most this much of an answer is read (and thrown away): a receiver cannot make a delivery hold memory. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Webhooks over Node's http(s): the resolved, checked address is the one connected to (pinned lookup). */
export function createHttpWebhookSender(options: HttpWebhookSenderOptions): WebhookSender {
  return {
    async check(url) {
      await resolveTarget(url, options.allowPrivate, options.resolve);
    },

    async post(post: WebhookPost): Promise<WebhookAnswer> {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const deadline = AbortSignal.timeout(options.timeoutMs);
      let target: Awaited<ReturnType<typeof resolveTarget>>;
      try {
        target = await Promise.race([
          resolveTarget(post.url, options.allowPrivate, options.resolve),
          new Promise<never>((_, reject) =>
            deadline.addEventListener('abort', () =>
              reject(new WebhookDeliveryError('timeout', 'timed out resolving the host', elapsed())),
            ),
          ),
        ]);
      } catch (err) {
        if (err instanceof WebhookAddressError)
          throw new WebhookDeliveryError('address', err.message, elapsed());
        throw err;
      }
      // The connection uses the address just checked, whatever the name resolves to a moment later.
      const pinned: LookupFunction = (_hostname, opts, callback) => {
        if (opts.all)
          (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
            { address: target.address, family: target.family },
          ]);
        else callback(null, target.address, target.family);
      };
      const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
      const body = Buffer.from(post.body, 'utf8');
      return new Promise<WebhookAnswer>((resolve, reject) => {
        const req = send(
          target.url,
          {
            method: 'POST',
            lookup: pinned,
            signal: deadline,
            headers: {
              'content-type': 'application/json',
              'content-length': String(body.length),
              'user-agent': options.userAgent,
              'vahub-event-id': post.eventId,
              'vahub-signature': signatureHeader(post.secret, post.body, post.at),
            },
          },
          (res) => {
            let read = 0;
            res.on('data', (chunk: Buffer) => {
              read += chunk.length;
              if (read > MAX_ANSWER_BYTES) res.destroy();
            });
            const done = () => resolve({ status: res.statusCode ?? 0, durationMs: elapsed() });
            res.on('end', done);
            res.on('close', done);
            res.on('error', done);
          },
        );
        req.on('error', (err: Error & { code?: string }) => {
          if (deadline.aborted)
            reject(
              new WebhookDeliveryError('timeout', `no answer within ${options.timeoutMs} ms`, elapsed()),
            );
          else
            reject(
              new WebhookDeliveryError(
                'network',
                err.code ? `${err.code}: ${err.message}` : err.message,
                elapsed(),
              ),
            );
        });
        req.end(body);
      });
    },
  };
}
