import { randomBytes } from 'node:crypto';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, type ProfileUpdate } from '@vahub/shared/auth/schemas';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { AppError, fieldError, notFound } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { AuthContext } from '../../plugins/authenticate';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { avatarUrl, toMe } from './users.mapper';
import { users } from './users.table';

export const AVATAR_PREFIX = 'avatars/';
/**
 * Avatar file names: random hex (the user id no longer shows in a public URL). Earlier versions wrote
 * `<userId>-<16 hex>.webp`; those files keep their names and keep being served.
 */
export const AVATAR_NAME = /^(?:[0-9]+-)?[0-9a-f]{16,64}\.webp$/;

export async function updateProfile(deps: Deps, userId: number, input: ProfileUpdate) {
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: deps.clock.now() };
  if (input.first_name !== undefined) patch.firstName = input.first_name;
  if (input.last_name !== undefined) patch.lastName = input.last_name;
  if (input.phone !== undefined) patch.phone = input.phone || null;
  if (input.timezone !== undefined) patch.timezone = input.timezone;
  if (input.locale !== undefined) patch.locale = input.locale;
  if (input.receive_promotions !== undefined) patch.receivePromotions = input.receive_promotions;
  const [row] = await deps.db.update(users).set(patch).where(eq(users.id, userId)).returning();
  if (!row) throw notFound('User');
  return toMe(row);
}

export async function changeOwnPassword(deps: Deps, userId: number, oldPassword: string, password: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('User');
  if (!(await verifyPassword(user.passwordHash, oldPassword))) {
    throw fieldError('old_password', 'Your current password is not correct.');
  }
  if (oldPassword === password)
    throw fieldError('password', 'Choose a password different from the current one.');
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: deps.clock.now() })
    .where(eq(users.id, userId));
}

/** Who may change whose avatar: the person themself, or an admin of the same organization. */
export async function assertCanEditUser(deps: Deps, auth: AuthContext, targetId: number) {
  if (auth.userId === targetId) return;
  const isAdmin = auth.roles.includes('admin') || auth.roles.includes('super_admin');
  const [target] = await deps.db
    .select({ org: users.organizationId })
    .from(users)
    .where(eq(users.id, targetId))
    .limit(1);
  if (!target || !isAdmin || target.org !== auth.organizationId) throw notFound('User');
}

/** Stores a 256x256 WebP of the upload and points the user at it; the old file is removed. */
export async function saveAvatar(deps: Deps, userId: number, file: { mimetype: string; buffer: Buffer }) {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.mimetype)) {
    throw fieldError('avatar', 'The avatar must be a PNG, JPEG, WebP or GIF image.');
  }
  if (file.buffer.length > AVATAR_MAX_BYTES) {
    throw fieldError('avatar', `The avatar must be at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB.`);
  }
  let image: Buffer;
  try {
    image = await sharp(file.buffer)
      .rotate()
      .resize(256, 256, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw fieldError('avatar', 'This file could not be read as an image.');
  }
  const key = `${AVATAR_PREFIX}${randomBytes(16).toString('hex')}.webp`;
  await deps.storage.put(key, image, { contentType: 'image/webp' });
  let previous: string | null;
  try {
    previous = await deps.transaction(async ({ tx }) => {
      // Locked, so two uploads at once each see the key the other replaced and no object is orphaned.
      const [before] = await tx
        .select({ key: users.avatarKey })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!before) throw notFound('User');
      await tx.update(users).set({ avatarKey: key, updatedAt: deps.clock.now() }).where(eq(users.id, userId));
      return before.key;
    });
  } catch (err) {
    await deps.storage.delete(key).catch(() => undefined);
    throw err;
  }
  if (previous?.startsWith(AVATAR_PREFIX)) {
    // The new avatar is saved; a leftover old file costs only space, so a failure is logged, not raised.
    await deps.storage.delete(previous).catch((err: unknown) => {
      deps.log.warn({ err, userId, key: previous }, 'could not delete the previous avatar');
    });
  }
  return avatarUrl(key)!;
}

export function assertMultipart(isMultipart: boolean) {
  if (!isMultipart)
    throw new AppError(
      'unsupported_media_type',
      'Send the avatar as multipart/form-data in the field "avatar".',
    );
}
