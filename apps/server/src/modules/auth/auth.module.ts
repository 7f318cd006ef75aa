import { defineModule } from '../../lib/module';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { LoginLimiter } from './login-limiter';
import { revokeUserSessions } from './user-sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** Until the people routes call `revokeUserSessions` (auth/public) inside their own transaction. */
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
    const limiter = new LoginLimiter(deps.rateLimits, {
      maxFailures: config.LOGIN_MAX_FAILURES,
      windowMs: config.LOGIN_LOCK_MINUTES * 60_000,
      delayMs: config.LOGIN_DELAY_MS,
    });
    authRoutes(ctx, createAuthService(deps, limiter));
    app.decorate('authService', {
      revokeAllSessions: (userId: number, reason: string) =>
        deps.transaction(({ tx }) => revokeUserSessions(tx, userId, reason)),
    });
  },
});
