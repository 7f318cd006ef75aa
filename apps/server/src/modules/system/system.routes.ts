import { problemSchema } from '@vahub/shared/api/problem';
import {
  appDownloadLinksSchema,
  organizationSchema,
  planSchema,
  realmSchema,
} from '@vahub/shared/organization/schemas';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { App, Deps } from '../../lib/types';
import { authOf, type Guards } from '../../plugins/authenticate';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/demo-accounts';
import { getOrganization, listPlans } from '../organizations/organizations.service';

export function systemRoutes(app: App, deps: Deps, guards: Guards) {
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

  app.get(
    '/api/v1/organization',
    {
      preHandler: guards.requireAuth,
      schema: {
        tags: ['organization'],
        summary: "The caller's organization",
        response: { 200: organizationSchema, 401: problemSchema },
      },
    },
    async (request) => getOrganization(deps, authOf(request).organizationId),
  );

  app.get(
    '/api/v1/plans',
    {
      schema: {
        tags: ['organization'],
        summary: 'Subscription plans',
        response: { 200: z.array(planSchema) },
      },
    },
    async () => listPlans(deps),
  );
}
