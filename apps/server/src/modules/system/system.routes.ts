import { problemSchema } from '@vahub/shared/api/problem';
import { appDownloadLinksSchema, realmSchema } from '@vahub/shared/organization/schemas';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { App, Deps } from '../../lib/types';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/demo-accounts';

export function systemRoutes(app: App, deps: Deps) {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: ok once the database answers',
        response: { 200: z.object({ status: z.literal('ok') }), 503: problemSchema },
      },
    },
    async () => {
      if (!(await deps.database.ping())) throw new AppError('unavailable', 'The database does not answer.');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/v1/realm',
    {
      schema: {
        tags: ['system'],
        summary: 'Public facts about this installation',
        response: { 200: realmSchema },
      },
    },
    async () => {
      const c = deps.config;
      return {
        app_name: c.APP_NAME,
        version: c.version,
        registration_enabled: c.REGISTRATION_ENABLED,
        billing_enabled: Boolean(c.STRIPE_SECRET_KEY),
        ldap_enabled: Boolean(c.LDAP_URL),
        ai_enabled: Boolean(c.LLM_BASE_URL),
        default_locale: c.DEFAULT_LOCALE,
        demo: c.seedDemo,
        demo_accounts: c.seedDemo
          ? DEMO_ACCOUNTS.map((a) => ({ email: a.email, role: a.role, password: DEMO_PASSWORD }))
          : [],
      };
    },
  );

  app.get(
    '/api/v1/config/app-download-links',
    {
      schema: {
        tags: ['system'],
        summary: 'Download links of the desktop tracker apps',
        response: { 200: appDownloadLinksSchema },
      },
    },
    async () => ({
      windows: deps.config.APP_DOWNLOAD_WINDOWS_URL ?? null,
      mac: deps.config.APP_DOWNLOAD_MAC_URL ?? null,
      linux: deps.config.APP_DOWNLOAD_LINUX_URL ?? null,
    }),
  );
}
