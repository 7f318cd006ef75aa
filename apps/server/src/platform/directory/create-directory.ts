import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { createLdapDirectory } from './ldap-directory';
import type { Directory } from './types';

/**
 * The directory of the configuration: LDAP with LDAP_URL, else none (the `ldap/*` calls answer 409
 * `directory_not_configured`, nobody signs in through a directory).
 */
export function createDirectory(config: Config, log: FastifyBaseLogger): Directory | null {
  if (!config.LDAP_URL || !config.LDAP_BASE_DN) return null;
  return createLdapDirectory(
    {
      url: config.LDAP_URL,
      bindDn: config.LDAP_BIND_DN ?? null,
      bindPassword: config.LDAP_BIND_PASSWORD ?? null,
      baseDn: config.LDAP_BASE_DN,
      usersDn: config.LDAP_USERS_DN ?? config.LDAP_BASE_DN,
      userFilter: config.LDAP_USER_FILTER,
      startTls: config.LDAP_START_TLS,
      caFile: config.LDAP_CA_FILE ?? null,
      timeoutMs: config.LDAP_TIMEOUT_MS,
      attributes: {
        email: config.LDAP_ATTR_EMAIL,
        firstName: config.LDAP_ATTR_FIRST_NAME,
        lastName: config.LDAP_ATTR_LAST_NAME,
        uid: config.LDAP_ATTR_UID,
        disabled: config.LDAP_DISABLED_ATTRIBUTE,
      },
    },
    log,
  );
}
