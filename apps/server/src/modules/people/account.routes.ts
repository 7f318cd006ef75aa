import { idParamSchema, problemSchema } from '@vahub/shared/api/problem';
import { ROLE_LABELS, ROLES } from '@vahub/shared/auth/roles';
import {
  changeOwnPasswordSchema,
  meSchema,
  profileUpdateSchema,
  roleListSchema,
} from '@vahub/shared/auth/schemas';
import { z } from 'zod';
import { fieldError, notFound } from '../../lib/errors';
import type { App, Deps } from '../../lib/types';
import { authOf, type Guards } from '../../plugins/authenticate';
import {
  AVATAR_NAME,
  AVATAR_PREFIX,
  assertCanEditUser,
  assertMultipart,
  changeOwnPassword,
  saveAvatar,
  updateProfile,
} from './profile.service';
import { toMe } from './users.mapper';

const denied = { 401: problemSchema, 403: problemSchema, 404: problemSchema, 422: problemSchema };

export function accountRoutes(app: App, deps: Deps, guards: Guards) {
  const signedIn = { preHandler: guards.requireAuth };

  app.get(
    '/api/v1/me',
    {
      ...signedIn,
      schema: { tags: ['account'], summary: 'The signed-in user', response: { 200: meSchema, ...denied } },
    },
    async (request) => toMe(authOf(request).user),
  );

  const patchMe = {
    schema: {
      tags: ['account'],
      summary: 'Update your own profile',
      body: profileUpdateSchema,
      response: { 200: meSchema, ...denied },
    },
  };
  app.patch('/api/v1/me', { ...signedIn, ...patchMe }, async (request) =>
    updateProfile(deps, authOf(request).userId, request.body),
  );
  app.patch('/api/v1/va-access/user', { preHandler: guards.requireArea('va'), ...patchMe }, async (request) =>
    updateProfile(deps, authOf(request).userId, request.body),
  );

  const passwordRoutes = [
    ['/api/v1/me/password', guards.requireAuth],
    ['/api/v1/va-access/user-password', guards.requireArea('va')],
  ] as const;
  for (const [url, preHandler] of passwordRoutes) {
    app.patch(
      url,
      {
        preHandler,
        schema: {
          tags: ['account'],
          summary: 'Change your own password (needs the current one)',
          body: changeOwnPasswordSchema,
          response: { 204: z.null(), ...denied },
        },
      },
      async (request, reply) => {
        await changeOwnPassword(
          deps,
          authOf(request).userId,
          request.body.old_password,
          request.body.password,
        );
        return reply.code(204).send(null);
      },
    );
  }

  app.post(
    '/api/v1/upload/user/:id/avatar',
    {
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'Upload an avatar (multipart field "avatar": PNG, JPEG, WebP or GIF, at most 2 MB)',
        params: idParamSchema,
        consumes: ['multipart/form-data'],
        response: {
          200: z.object({ avatar_url: z.string() }),
          ...denied,
          413: problemSchema,
          415: problemSchema,
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await assertCanEditUser(deps, auth, request.params.id);
      assertMultipart(request.isMultipart());
      const part = await request.file({ limits: { fileSize: 2 * 1024 * 1024 + 1, files: 1 } });
      if (part?.fieldname !== 'avatar') throw fieldError('avatar', 'Choose an image to upload.');
      const tooLarge = () => fieldError('avatar', 'The avatar must be at most 2 MB.');
      const buffer = await part.toBuffer().catch((err: { code?: string }) => {
        throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : err;
      });
      if (part.file.truncated) throw tooLarge();
      return { avatar_url: await saveAvatar(deps, request.params.id, { mimetype: part.mimetype, buffer }) };
    },
  );

  // Public on purpose (avatars are not secret, see docs/decisions.md): the name is random and the bytes
  // never change under it, so browsers and proxies may keep it for a year. Served through the app on both
  // drivers, so the bucket stays private.
  app.get(
    '/api/v1/files/avatars/:name',
    { schema: { hide: true, params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      // A name of the wrong shape is just another unknown file (404), and never reaches the store.
      const { name } = request.params;
      const file = AVATAR_NAME.test(name) ? await deps.storage.get(`${AVATAR_PREFIX}${name}`) : null;
      if (!file) throw notFound('Avatar');
      reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      if (file.size !== null) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );

  app.get(
    '/api/v1/roles',
    {
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'The roles a user can hold',
        response: { 200: roleListSchema, ...denied },
      },
    },
    async () => ROLES.map((name, i) => ({ id: i + 1, name, label: ROLE_LABELS[name] })),
  );
}
