import { ROLE_LABELS, ROLES } from '@vahub/shared/auth/roles';
import { systemEndpoints as api, SYSTEM_MESSAGES } from '@vahub/shared/system/endpoints';
import { AppError } from '../../lib/errors';
import type { ModuleContext } from '../../lib/module';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/demo-accounts';

/** The installation: liveness, what it offers, the roles it knows, the tracker downloads. */
export function systemRoutes({ route, deps }: ModuleContext) {
  route(api.health, async () => {
    if (!(await deps.database.ping()))
      throw new AppError('unavailable', SYSTEM_MESSAGES.database_unavailable);
    return { status: 'ok' as const };
  });
  route(api.realm, async () => {
    const c = deps.config;
    return {
      app_name: c.APP_NAME,
      version: c.version,
      registration_enabled: c.REGISTRATION_ENABLED,
      email_verification_required: Boolean(c.SMTP_URL),
      billing_enabled: Boolean(c.STRIPE_SECRET_KEY),
      ldap_enabled: Boolean(c.LDAP_URL),
      ai_enabled: Boolean(c.LLM_BASE_URL),
      default_locale: c.DEFAULT_LOCALE,
      demo: c.seedDemo,
      demo_accounts: c.seedDemo
        ? DEMO_ACCOUNTS.map((a) => ({ email: a.email, role: a.role, password: DEMO_PASSWORD }))
        : [],
    };
  });
  route(api.roles, async () => ROLES.map((name, i) => ({ id: i + 1, name, label: ROLE_LABELS[name] })));
  route(api.appDownloadLinks, async () => ({
    windows: deps.config.APP_DOWNLOAD_WINDOWS_URL ?? null,
    mac: deps.config.APP_DOWNLOAD_MAC_URL ?? null,
    linux: deps.config.APP_DOWNLOAD_LINUX_URL ?? null,
  }));
}
