import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { createOpenIdSso } from './openid-sso';
import type { SingleSignOn } from './types';

/**
 * OpenID Connect with OIDC_ISSUER (and its client id and secret), else none: the sign-in page shows no SSO button
 * and the SSO calls answer 409 `sso_not_configured`.
 */
export function createSso(
  config: Pick<
    Config,
    'OIDC_ISSUER' | 'OIDC_CLIENT_ID' | 'OIDC_CLIENT_SECRET' | 'OIDC_NAME' | 'OIDC_TIMEOUT_MS'
  >,
  log: FastifyBaseLogger,
): SingleSignOn | null {
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID) return null;
  return createOpenIdSso(
    {
      issuer: config.OIDC_ISSUER,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET,
      name: config.OIDC_NAME,
      timeoutMs: config.OIDC_TIMEOUT_MS,
    },
    log,
  );
}
