/** One signed POST of a webhook: the exact body, signed with the endpoint's secret at the time of sending. */
export type WebhookPost = {
  url: string;
  /** The exact bytes sent (and signed). */
  body: string;
  /** The endpoint's signing secret: `VAHub-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
  secret: string;
  /** `VAHub-Event-Id`: the same for every attempt and redelivery of one event, so a receiver drops repeats. */
  eventId: string;
  /** The signature's timestamp (the caller's clock). */
  at: Date;
};

/** A receiver answered (any status: the caller decides what counts as delivered). */
export type WebhookAnswer = { status: number; durationMs: number };

export type AddressRefusal = 'invalid' | 'scheme' | 'private' | 'unresolved';

/** The URL may not be called: not http(s), not https:// without the override, or a private address after DNS. */
export class WebhookAddressError extends Error {
  constructor(
    readonly reason: AddressRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookAddressError';
  }
}

/** The POST did not get an answer: a timeout, a refused or reset connection, a TLS failure, a refused address. */
export class WebhookDeliveryError extends Error {
  constructor(
    readonly kind: 'timeout' | 'network' | 'address',
    message: string,
    readonly durationMs: number,
  ) {
    super(message);
    this.name = 'WebhookDeliveryError';
  }
}

/**
 * How webhooks leave the server: a signed POST to an outside URL with a deadline. The address guard (https only,
 * no private, loopback, link-local, CGNAT or multicast address after DNS) runs on `check` and again on every
 * `post`, which connects to the very address it checked (no second lookup a rebinding DNS could answer
 * differently). Redirects are not followed.
 */
export interface WebhookSender {
  /** Refuses a URL the server would not call (WebhookAddressError); resolves it to check every address. */
  check(url: string): Promise<void>;
  /** Answers the receiver's status, or throws WebhookDeliveryError (WebhookAddressError's reasons as `address`). */
  post(post: WebhookPost): Promise<WebhookAnswer>;
}
