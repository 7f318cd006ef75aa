import { ACCOUNT_MESSAGES } from '@vahub/shared/users/account';
import { accountEndpoints as api } from '@vahub/shared/users/endpoints';
import { AppError, fieldError } from '../../lib/errors';
import type { ModuleContext } from '../../lib/module';
import {
  AVATAR_NAME,
  AVATAR_PREFIX,
  assertCanEditUser,
  assertMultipart,
  avatarTooLarge,
  changeOwnPassword,
  getMe,
  saveAvatar,
  updateProfile,
} from './profile.service';

/** Every role's own account: profile, password, avatar; the VA area's paths are the same operations. */
export function accountRoutes({ route, deps }: ModuleContext) {
  route(api.me, (_, { viewer }) => getMe(deps, viewer));
  route(api.updateMe, ({ body }, { viewer }) => updateProfile(deps, viewer, body));
  route(api.vaUpdateMe, ({ body }, { viewer }) => updateProfile(deps, viewer, body));
  for (const endpoint of [api.changePassword, api.vaChangePassword]) {
    route(endpoint, async ({ body }, { viewer }) => {
      await changeOwnPassword(deps, viewer, body.old_password, body.password);
      return null;
    });
  }

  route(api.uploadAvatar, async ({ params }, { request, viewer }) => {
    await assertCanEditUser(deps, viewer, params.id);
    assertMultipart(request.isMultipart());
    const part = await request.file({ limits: { fileSize: 2 * 1024 * 1024 + 1, files: 1 } });
    if (part?.fieldname !== 'avatar') throw fieldError('avatar', ACCOUNT_MESSAGES.avatar_missing);
    const buffer = await part.toBuffer().catch((err: { code?: string }) => {
      throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? avatarTooLarge() : err;
    });
    if (part.file.truncated) throw avatarTooLarge();
    return { avatar_url: await saveAvatar(deps, params.id, { mimetype: part.mimetype, buffer }) };
  });

  // Public on purpose (avatars are not secret, see docs/decisions.md): the name is random and the bytes
  // never change under it, so browsers and proxies may keep it for a year. Served through the app on both
  // drivers, so the bucket stays private.
  route(api.avatarFile, async ({ params }, { reply }) => {
    // A name of the wrong shape is just another unknown file (404), and never reaches the store.
    const file = AVATAR_NAME.test(params.name)
      ? await deps.storage.get(`${AVATAR_PREFIX}${params.name}`)
      : null;
    if (!file) throw new AppError('not_found', ACCOUNT_MESSAGES.avatar_not_found);
    reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff');
    if (file.size !== null) reply.header('content-length', file.size);
    return reply.send(file.body);
  });
}
