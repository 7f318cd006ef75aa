import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import { type SingleSignOn, SsoError, type SsoIdentity } from './types';

export type OpenIdSsoOptions = {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  name: string;
  /** Every call to the issuer (discovery, token, userinfo). */
  timeoutMs: number;
};

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * The vendor's errors in our words: the issuer refused (an `error` in the authorization response, or the token
 * endpoint's `invalid_grant`), the response did not verify (state, nonce, ID token), or it could not be reached.
 */
function mapError(err: unknown, log: FastifyBaseLogger): SsoError {
  if (err instanceof SsoError) return err;
  if (err instanceof oidc.AuthorizationResponseError) {
    return new SsoError('refused', err.error_description ?? err.error);
  }
  if (err instanceof oidc.ResponseBodyError) {
    if (err.status >= 500) return new SsoError('unavailable', `The issuer answered ${err.status}.`);
    return new SsoError('invalid_response', err.error_description ?? err.error);
  }
  if (err instanceof oidc.ClientError) {
    // A fetch that failed or timed out is wrapped with its cause; the checks (state, nonce, iss, signature) are not.
    const cause = (err as { cause?: unknown }).cause;
    if (
      err.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' ||
      cause instanceof TypeError ||
      (cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError'))
    ) {
      log.warn({ err }, 'sso: issuer unavailable');
      return new SsoError('unavailable', err.message);
    }
    return new SsoError('invalid_response', err.message);
  }
  if (
    err instanceof TypeError ||
    (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
  ) {
    log.warn({ err }, 'sso: issuer unavailable');
    return new SsoError('unavailable', err.message);
  }
  log.error({ err }, 'sso: unexpected error');
  return new SsoError('invalid_response', err instanceof Error ? err.message : String(err));
}

/** OpenID Connect through `openid-client` 6: discovery once (again after a failure), code flow with PKCE. */
export function createOpenIdSso(options: OpenIdSsoOptions, log: FastifyBaseLogger): SingleSignOn {
  const issuerUrl = new URL(options.issuer);
  const insecure = issuerUrl.protocol === 'http:';
  const timeout = Math.max(1, Math.ceil(options.timeoutMs / 1000));
  let discovered: Promise<oidc.Configuration> | null = null;

  function configuration(): Promise<oidc.Configuration> {
    if (!discovered) {
      discovered = oidc
        .discovery(
          issuerUrl,
          options.clientId,
          options.clientSecret ? { client_secret: options.clientSecret } : undefined,
          options.clientSecret ? oidc.ClientSecretPost(options.clientSecret) : oidc.None(),
          // A plain-http issuer is allowed only because it was configured so (a local or test issuer).
          { timeout, execute: insecure ? [oidc.allowInsecureRequests] : [] },
        )
        .catch((err: unknown) => {
          // Tried again at the next sign-in.
          discovered = null;
          throw mapError(err, log);
        });
    }
    return discovered;
  }

  return {
    name: options.name,
    issuer: options.issuer,

    async start(redirectUri) {
      const config = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    async finish(callbackUrl, expected): Promise<SsoIdentity> {
      const config = await configuration();
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          expectedState: expected.state,
          expectedNonce: expected.nonce,
          pkceCodeVerifier: expected.codeVerifier,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw new SsoError('invalid_response', 'The issuer sent no ID token.');
        let claims: Record<string, unknown> = { ...idClaims };
        // Many issuers put email and names in the userinfo answer only (scopes asked, not in the ID token).
        if (config.serverMetadata().userinfo_endpoint) {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
          claims = { ...claims, ...info };
        }
        return {
          subject: idClaims.sub,
          email: str(claims.email)?.toLowerCase() ?? null,
          emailVerified: claims.email_verified === true,
          firstName: str(claims.given_name),
          lastName: str(claims.family_name),
        };
      } catch (err) {
        throw mapError(err, log);
      }
    },
  };
}
