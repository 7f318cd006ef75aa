// Single sign-on as the auth module sees it, in the app's words: no vendor type crosses this interface
// (platform/README.md, "Outside services"). `create-sso.ts` picks the implementation from the configuration;
// without OIDC_ISSUER there is none and the SSO calls answer 409 `sso_not_configured`.

/** What the browser is sent to, and what must be kept (server-side or in a signed cookie) until it comes back. */
export type SsoStart = {
  /** The issuer's authorization page, with state, nonce and the PKCE challenge. */
  url: string;
  state: string;
  nonce: string;
  /** The PKCE verifier, never sent to the browser except inside the signed flow cookie. */
  codeVerifier: string;
};

/** The person the issuer vouched for, after the code exchange, the ID token's checks and the userinfo call. */
export type SsoIdentity = {
  /** The issuer's stable id of the person (`sub`). */
  subject: string;
  email: string | null;
  /** Only `true` when the issuer says so (`email_verified: true`); a missing claim counts as unverified. */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
};

/** Why a callback failed, in our words. */
export type SsoFailure =
  /** The state or nonce did not match, the code was refused or already used, the ID token did not verify. */
  | 'invalid_response'
  /** The person (or the issuer) refused at the issuer (`error=access_denied`, …). */
  | 'refused'
  /** The issuer could not be reached, timed out or answered 5xx. */
  | 'unavailable';

export class SsoError extends Error {
  constructor(
    readonly failure: SsoFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SsoError';
  }
}

export interface SingleSignOn {
  /** The button's label ("Microsoft"). */
  readonly name: string;
  readonly issuer: string;
  /** A new authorization URL for `redirectUri`. Throws SsoError('unavailable') when discovery fails. */
  start(redirectUri: string): Promise<SsoStart>;
  /**
   * Exchanges the code of the callback URL (`callbackUrl`, the full URL the issuer sent the browser to) after
   * checking its state against `expected.state`, with the PKCE verifier and the nonce of the start.
   * Throws SsoError.
   */
  finish(
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<SsoIdentity>;
}
