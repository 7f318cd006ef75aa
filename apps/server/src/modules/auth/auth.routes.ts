import { messageSchema, problemSchema } from '@vahub/shared/api/problem';
import {
  oauthErrorSchema,
  refreshRequestSchema,
  registerSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '@vahub/shared/auth/schemas';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { App, Deps } from '../../lib/types';
import { authOf, type Guards } from '../../plugins/authenticate';
import type { AuthService } from './auth.service';

export function authRoutes(app: App, deps: Deps, guards: Guards, auth: AuthService) {
  app.post(
    '/oauth/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Password grant: sign in and receive an access and a refresh token',
        body: tokenRequestSchema,
        response: {
          200: tokenResponseSchema,
          400: oauthErrorSchema,
          401: oauthErrorSchema,
          422: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      auth.verifyClient(body.client_id, body.client_secret);
      const tokens = await auth.passwordGrant(body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      reply.header('cache-control', 'no-store');
      return tokens;
    },
  );

  app.post(
    '/api/token/refresh-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate a refresh token; reusing an old one signs that session out',
        body: refreshRequestSchema,
        response: { 200: tokenResponseSchema, 401: problemSchema, 422: problemSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return auth.refresh(request.body.RefreshToken);
    },
  );

  app.post(
    '/api/v1/logout',
    {
      preHandler: guards.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Sign out this session',
        response: { 204: z.null(), 401: problemSchema },
      },
    },
    async (request, reply) => {
      await auth.logout(authOf(request).sessionId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an organization and its owner; sends the verification mail',
        body: registerSchema,
        response: { 201: messageSchema, 403: problemSchema, 422: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => {
      if (!deps.config.REGISTRATION_ENABLED)
        throw new AppError('forbidden', 'Registration is closed on this installation.');
      await auth.register(request.body, { ip: request.ip });
      return reply
        .code(201)
        .send({ message: 'Your account was created. Check your inbox to verify your email.' });
    },
  );

  app.post(
    '/api/v1/email/send-verification',
    {
      preHandler: guards.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Send the email verification link again',
        response: { 200: messageSchema, 401: problemSchema },
      },
    },
    async (request) => {
      const result = await auth.sendVerification(authOf(request).userId);
      return {
        message: result.alreadyVerified
          ? 'Your email is already verified.'
          : 'A new verification link is on its way to your inbox.',
      };
    },
  );

  app.get(
    '/api/v1/email/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Open the verification link: redirects to /email/verify/success or /email/verify/fail',
        querystring: z.object({ token: z.string().default('') }),
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      const ok = request.query.token ? await auth.verifyEmail(request.query.token) : false;
      return reply.redirect(ok ? '/email/verify/success' : '/email/verify/fail', 302);
    },
  );
}
