import { msg } from '@vahub/shared/api/messages';
import { SIGNUP_MESSAGES } from '@vahub/shared/auth/messages';
import { SETUP_MESSAGES, type setupCompleteSchema } from '@vahub/shared/system/setup';
import type { z } from 'zod';
import { AppError, fieldError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import { type SessionMeta, signPurposeToken, startSession, verifyPurposeToken } from '../auth/public';
import { lockOrganizationSeats, nameHomeOrganization, organizationNames } from '../organizations/public';
import {
  assertPasswordAllowed,
  createAccount,
  emailInUse,
  hashPassword,
  superAdminExists,
} from '../people/public';

const PURPOSE = 'setup';
const HOME = 1;
/** A link printed at a start stays good this long (every start without a super admin prints a fresh one). */
const LINK_TTL_SECONDS = 7 * 86_400;
/** Setup attempts per address in each window: the link is a signed token, this keeps a flood cheap. */
const ATTEMPTS = 20;
const WINDOW_SECONDS = 15 * 60;

type SetupDeps = Pick<Deps, 'db' | 'config' | 'clock' | 'secret' | 'transaction' | 'rateLimits'>;

/**
 * The first-run link, or null once a super admin exists. It is a signed purpose token, not a row: it needs
 * no table, and it dies once used because setting up creates the super admin it checks for.
 */
export async function setupLink(deps: SetupDeps): Promise<string | null> {
  if (await superAdminExists(deps.db)) return null;
  const token = await signPurposeToken(deps.secret, PURPOSE, 'home', {}, LINK_TTL_SECONDS, deps.clock.now());
  return `${deps.config.appUrl}/setup?token=${token}`;
}

export function createSetupService(deps: SetupDeps) {
  async function allow(ip: string) {
    const result = await deps.rateLimits.hit(`setup:${ip}`, ATTEMPTS, WINDOW_SECONDS);
    if (result.allowed) return;
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    throw new AppError('rate_limited', msg(SETUP_MESSAGES.too_many, { minutes }), undefined, {
      'Retry-After': String(result.retryAfterSeconds),
    });
  }

  /** A forged or expired link answers 404, a used one (a super admin exists) 409. */
  async function assertOpen(token: string) {
    const claims = token ? await verifyPurposeToken(deps.secret, PURPOSE, token, deps.clock.now()) : null;
    if (!claims) throw new AppError('not_found', SETUP_MESSAGES.link_invalid);
    if (await superAdminExists(deps.db)) throw new AppError('conflict', SETUP_MESSAGES.already_done);
  }

  return {
    async check(token: string, ip: string) {
      await allow(ip);
      await assertOpen(token);
      const names = await organizationNames(deps.db, [HOME]);
      return { organization_name: names.get(HOME) ?? deps.config.APP_NAME };
    },

    /** Names the home organization and creates its first super admin, signed in at once. */
    async complete(input: z.output<typeof setupCompleteSchema>, meta: Omit<SessionMeta, 'clientId'>) {
      await allow(meta.ip);
      await assertOpen(input.token);
      assertPasswordAllowed(input.password, { email: input.email });
      const passwordHash = await hashPassword(input.password);
      return deps.transaction(async ({ tx }) => {
        // Two tabs completing the same link: the home organization's row lock lets one through.
        await lockOrganizationSeats(tx, HOME);
        if (await superAdminExists(tx)) throw new AppError('conflict', SETUP_MESSAGES.already_done);
        if (await emailInUse(tx, input.email)) throw fieldError('email', SIGNUP_MESSAGES.email_taken);
        const admin = await createAccount(tx, {
          organizationId: HOME,
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          roles: ['super_admin'],
          status: 'active',
          emailVerifiedAt: deps.clock.now(),
        });
        await nameHomeOrganization(tx, input.organization_name, admin.id);
        return startSession(deps, tx, admin, { ...meta, clientId: deps.config.OAUTH_WEB_CLIENT_ID });
      });
    },
  };
}
