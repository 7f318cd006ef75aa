import { deviceEndpoints as device } from '@vahub/shared/auth/device';
import { authEndpoints as api } from '@vahub/shared/auth/endpoints';
import { DEVICE_GRANT_TYPE } from '@vahub/shared/auth/schemas';
import { invitationEndpoints as invitations } from '@vahub/shared/users/invitations';
import type { FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import type { AuthService } from './auth.service';
import {
  decideDeviceAuthorization,
  deviceGrant,
  disconnectComputer,
  listComputers,
  showDeviceAuthorization,
  startDeviceAuthorization,
} from './device-flow';
import { invitationInfo } from './invitations';
import { createSsoService, SSO_COOKIE, SSO_COOKIE_PATH, SsoSignInError, ssoRedirectUri } from './sso';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** One cookie of the request's `Cookie` header. */
function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The SSO flow's cookie: httpOnly, only sent to the SSO paths, Lax (the issuer's redirect is a top-level GET). */
function ssoCookie(value: string, maxAge: number, secure: boolean) {
  return `${SSO_COOKIE}=${value}; Path=${SSO_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Signing in and out, registration and email verification. */
export function authRoutes({ route, deps }: ModuleContext, auth: AuthService) {
  route(api.token, async ({ body }, { request, reply }) => {
    if (body.grant_type === DEVICE_GRANT_TYPE) {
      auth.verifyClient(body.client_id, undefined);
      const tokens = await deviceGrant(
        deps,
        { client_id: body.client_id, device_code: body.device_code as string },
        meta(request),
      );
      reply.header('cache-control', 'no-store');
      return tokens;
    }
    auth.verifyClient(body.client_id, body.client_secret);
    // The schema required both for this grant.
    const tokens = await auth.passwordGrant(
      { ...body, username: body.username as string, password: body.password as string },
      meta(request),
    );
    reply.header('cache-control', 'no-store');
    return tokens;
  });
  // The tracker's sign-in through the browser (RFC 8628, issue 32), and the VA's computers.
  route(device.code, async ({ body }, { request, reply }) => {
    reply.header('cache-control', 'no-store');
    return startDeviceAuthorization(deps, body, meta(request));
  });
  route(device.show, ({ query }, { viewer }) => showDeviceAuthorization(deps, viewer, query.user_code));
  route(device.decide, ({ body }, { viewer }) => decideDeviceAuthorization(deps, viewer, body));
  route(device.computers, async (_, { viewer }) => ({ data: await listComputers(deps, viewer) }));
  route(device.disconnect, ({ params }, { viewer }) => disconnectComputer(deps, viewer, params.id));
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

  // Sign-in by OpenID Connect: the start sends the browser to the issuer, the callback comes back with a code.
  const sso = createSsoService(deps);
  const secure = deps.config.appUrl.startsWith('https:');
  route(api.ssoStart, async ({ query }, { reply }) => {
    const { url, cookie } = await sso.start(query.remember === '1');
    reply.header('set-cookie', ssoCookie(cookie, 600, secure));
    reply.header('cache-control', 'no-store');
    return reply.redirect(url, 302);
  });
  route(api.ssoCallback, async ({ query }, { request, reply }) => {
    reply.header('set-cookie', ssoCookie('', 0, secure));
    reply.header('cache-control', 'no-store');
    const callbackUrl = new URL(ssoRedirectUri(deps));
    callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
    try {
      const { code, remember } = await sso.finish(
        cookieOf(request, SSO_COOKIE),
        query,
        callbackUrl,
        meta(request),
      );
      // In the fragment: it never reaches a server log or a Referer.
      return reply.redirect(`/auth/sso#code=${code}&remember=${remember ? '1' : '0'}`, 302);
    } catch (err) {
      if (err instanceof SsoSignInError) return reply.redirect(`/auth/login?sso_error=${err.key}`, 302);
      throw err;
    }
  });
  route(api.ssoExchange, async ({ body }, { reply }) => {
    reply.header('cache-control', 'no-store');
    return sso.exchange(body.code, (token) => auth.refresh(token));
  });
  route(api.verifyEmail, async ({ query }, { reply }) => {
    const ok = await auth.verifyEmail(query.token);
    return reply.redirect(ok ? '/email/verify/success' : '/email/verify/fail', 302);
  });
}
