import { ROLE_LABELS, ROLES } from '@vahub/shared/auth/roles';
import { backupEndpoints } from '@vahub/shared/system/backups';
import { systemEndpoints as api, SYSTEM_MESSAGES, setupEndpoints } from '@vahub/shared/system/endpoints';
import { AppError } from '../../lib/errors';
import type { ModuleContext } from '../../lib/module';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { backupOverview } from './backups';
import { createSetupService } from './setup.service';

/** The installation: liveness, what it offers, the roles it knows, the tracker downloads, the first run. */
export function systemRoutes({ route, deps }: ModuleContext) {
  route(backupEndpoints.overview, async () => backupOverview(deps.db, deps.config));
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
      sso_enabled: deps.sso !== null,
      sso_name: deps.sso?.name ?? null,
      mail_accounts_enabled: deps.mailAccounts !== null,
      ai_enabled: Boolean(c.LLM_BASE_URL),
      default_locale: c.DEFAULT_LOCALE,
      demo: c.seedDemo,
      demo_accounts: c.seedDemo ? DEMO_ACCOUNTS.map((a) => ({ email: a.email, role: a.role })) : [],
    };
  });
  route(api.roles, async () => ROLES.map((name, i) => ({ id: i + 1, name, label: ROLE_LABELS[name] })));
  route(api.appDownloadLinks, async () => ({
    windows: deps.config.APP_DOWNLOAD_WINDOWS_URL ?? null,
    mac: deps.config.APP_DOWNLOAD_MAC_URL ?? null,
    linux: deps.config.APP_DOWNLOAD_LINUX_URL ?? null,
    version: deps.config.APP_AGENT_VERSION ?? null,
  }));

  const setup = createSetupService(deps);
  route(setupEndpoints.check, async ({ body }, { request }) => setup.check(body.token, request.ip));
  route(setupEndpoints.complete, async ({ body }, { request, reply }) => {
    reply.header('cache-control', 'no-store');
    return setup.complete(body, { ip: request.ip, userAgent: request.headers['user-agent'] });
  });
}
