import { defineModule } from '../../lib/module';
import { invitationLinksPort, userSessionsPort } from '../people/public';
import { rateHeaders } from './api-tokens';
import { apiTokenRoutes } from './api-tokens.routes';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { DEVICE_CODE_PURGE_QUEUE, purgeExpiredDeviceCodes } from './device-flow';
import { createInvitation } from './invitations';
import { LoginLimiter } from './login-limiter';
import { activeSessionCount, revokeUserSessions } from './user-sessions';

// People (a layer below) ends a user's sessions in the transaction that deactivates them or changes their
// password, counts them for the user's page, and sends invitation links that auth signs and accepts: it declares
// these as ports (people.ports.ts) and auth implements them here, when this file loads (as the audit module
// registers its writer), so they are in place before the first request, job or consumer.
userSessionsPort.register({ revokeUserSessions, activeSessionCount });
invitationLinksPort.register({ createInvitation });

declare module 'fastify' {
  interface FastifyInstance {
    /** Until the people routes call `revokeUserSessions` (people's user-sessions port) inside their own transaction. */
    authService: { revokeAllSessions(userId: number, reason: string): Promise<number> };
  }
}

/** Signing in (the password grant, refresh, logout), registration and email verification. */
export const authModule = defineModule({
  name: 'auth',
  register(ctx) {
    const { app, deps } = ctx;
    const { config } = deps;
    app.decorateRequest('auth', null);
    app.decorateRequest('tokenRate', null);
    // A personal API token's calls say where its hourly limit stands (the 429 says it too, in its own headers).
    app.addHook('onSend', async (request, reply) => {
      if (request.tokenRate) reply.headers(rateHeaders(request.tokenRate));
    });
    const limiter = new LoginLimiter(deps.rateLimits, {
      maxFailures: config.LOGIN_MAX_FAILURES,
      windowMs: config.LOGIN_LOCK_MINUTES * 60_000,
      delayMs: config.LOGIN_DELAY_MS,
    });
    authRoutes(ctx, createAuthService(deps, limiter));
    apiTokenRoutes(ctx);
    deps.jobs.work(DEVICE_CODE_PURGE_QUEUE, async () => void (await purgeExpiredDeviceCodes(deps)), {
      policy: 'singleton',
      retryLimit: 3,
      retryDelaySeconds: 300,
      expireInSeconds: 600,
    });
    deps.jobs.schedule(DEVICE_CODE_PURGE_QUEUE, '35 * * * *');
    app.decorate('authService', {
      revokeAllSessions: (userId: number, reason: string) =>
        deps.transaction(({ tx }) => revokeUserSessions(tx, userId, reason)),
    });
  },
});
