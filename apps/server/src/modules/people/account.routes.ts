import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
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
  assertCanEditUser,
  assertMultipart,
  avatarDir,
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

  app.get(
    '/api/v1/files/avatars/:name',
    { schema: { hide: true, params: z.object({ name: z.string().regex(/^[0-9]+-[0-9a-f]{16}\.webp$/) }) } },
    async (request, reply) => {
      const path = join(avatarDir(deps), request.params.name);
      if (!existsSync(path)) throw notFound('Avatar');
      reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable');
      return reply.send(createReadStream(path));
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
