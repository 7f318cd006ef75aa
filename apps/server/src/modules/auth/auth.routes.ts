import { authEndpoints as api } from '@vahub/shared/auth/endpoints';
import { invitationEndpoints as invitations } from '@vahub/shared/users/invitations';
import type { FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import type { AuthService } from './auth.service';
import { invitationInfo } from './invitations';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** Signing in and out, registration and email verification. */
export function authRoutes({ route, deps }: ModuleContext, auth: AuthService) {
  route(api.token, async ({ body }, { request, reply }) => {
    auth.verifyClient(body.client_id, body.client_secret);
    const tokens = await auth.passwordGrant(body, meta(request));
    reply.header('cache-control', 'no-store');
    return tokens;
  });
  route(api.refresh, async ({ body }, { reply }) => {
    reply.header('cache-control', 'no-store');
    return auth.refresh(body.RefreshToken);
  });
  route(api.logout, async (_, { viewer }) => {
    await auth.logout(viewer.sessionId);
    return null;
  });
  route(api.register, async ({ body }, { request }) => ({
    message: await auth.register(body, meta(request)),
  }));
  route(api.sendVerification, async (_, { viewer }) => ({
    message: await auth.sendVerification(viewer.userId),
  }));
  route(invitations.check, ({ query }) => invitationInfo(deps, query.token));
  route(invitations.accept, async ({ body }, { request, reply }) => {
    reply.header('cache-control', 'no-store');
    return auth.acceptInvitation(body, meta(request));
  });
  route(api.verifyEmail, async ({ query }, { reply }) => {
    const ok = await auth.verifyEmail(query.token);
    return reply.redirect(ok ? '/email/verify/success' : '/email/verify/fail', 302);
  });
}
