import { randomBytes } from 'node:crypto';
import { msg } from '@vahub/shared/api/messages';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, type ProfileUpdate } from '@vahub/shared/auth/schemas';
import { ACCOUNT_MESSAGES } from '@vahub/shared/users/account';
import { eq } from 'drizzle-orm';
import { AppError, fieldError } from '../../lib/errors';
import { loadSharp } from '../../lib/lazy-modules';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { looksLikeSvg, sniffImage } from '../../platform/storage/sniff';
import { directoryPasswordMatches, writeDirectoryPassword } from './directory-accounts';
import { assertPasswordAllowed, hashPassword, verifyPassword } from './passwords';
import { userSessionsPort } from './people.ports';
import { avatarUrl, toMe } from './users.mapper';
import { findScopedUser, findUser, updateUserRow } from './users.repository';
import { userNotFound } from './users.service';
import { users } from './users.table';

export const AVATAR_PREFIX = 'avatars/';
/**
 * Avatar file names: random hex (the user id no longer shows in a public URL). Earlier versions wrote
 * `<userId>-<16 hex>.webp`; those files keep their names and keep being served.
 */
export const AVATAR_NAME = /^(?:[0-9]+-)?[0-9a-f]{16,64}\.webp$/;

const AVATAR_MAX_MB = AVATAR_MAX_BYTES / 1024 / 1024;
export const avatarTooLarge = () =>
  fieldError('avatar', msg(ACCOUNT_MESSAGES.avatar_too_large, { max: AVATAR_MAX_MB }));

/** `GET me`: the signed-in user. */
export async function getMe(deps: Deps, viewer: Viewer) {
  const row = await findUser(deps.db, viewer.userId);
  if (!row) throw userNotFound();
  return toMe(row);
}

export async function updateProfile(deps: Deps, viewer: Viewer, input: ProfileUpdate) {
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: deps.clock.now() };
  if (input.first_name !== undefined) patch.firstName = input.first_name;
  if (input.last_name !== undefined) patch.lastName = input.last_name;
  if (input.phone !== undefined) patch.phone = input.phone || null;
  if (input.timezone !== undefined) patch.timezone = input.timezone;
  if (input.locale !== undefined) patch.locale = input.locale;
  if (input.time_format !== undefined) patch.timeFormat = input.time_format;
  if (input.receive_promotions !== undefined) patch.receivePromotions = input.receive_promotions;
  const row = await deps.transaction(({ tx }) => updateUserRow(tx, viewer.userId, patch));
  if (!row) throw userNotFound();
  return toMe(row);
}

export async function changeOwnPassword(deps: Deps, viewer: Viewer, oldPassword: string, password: string) {
  const user = await findUser(deps.db, viewer.userId);
  if (!user) throw userNotFound();
  // A linked user's current password is the directory's, and so is the new one.
  const matches = user.ldapDn
    ? await directoryPasswordMatches(deps, user.ldapDn, oldPassword)
    : await verifyPassword(user.passwordHash, oldPassword);
  if (!matches) throw fieldError('old_password', ACCOUNT_MESSAGES.current_password_wrong);
  if (oldPassword === password) throw fieldError('password', ACCOUNT_MESSAGES.same_password);
  assertPasswordAllowed(password, { email: user.email });
  const passwordHash = await hashPassword(password);
  await writeDirectoryPassword(deps, user, password);
  const now = deps.clock.now();
  await deps.transaction(async ({ tx }) => {
    await updateUserRow(tx, viewer.userId, { passwordHash, updatedAt: now });
    // Whoever else holds a session (a stolen token, a forgotten device) is signed out; this one stays.
    await userSessionsPort
      .get()
      .revokeUserSessions(tx, viewer.userId, 'password_changed', now, viewer.sessionId);
  });
}

/** Who may change whose avatar: the person themself, or an admin of the same organization (else 404). */
export async function assertCanEditUser(deps: Deps, viewer: Viewer, targetId: number) {
  if (viewer.userId === targetId) return;
  if (!viewer.isAdmin || !(await findScopedUser(deps.db, viewer.organizationId, targetId)))
    throw userNotFound();
}

/**
 * Stores a 256x256 WebP of the upload and points the user at it; the old file is removed. The file is
 * judged by its bytes (PNG, JPEG, GIF or WebP magic numbers), never by the type the sender declared: an
 * SVG (scripts, external references) or anything else named `image/png` is refused before it is decoded.
 */
export async function saveAvatar(deps: Deps, userId: number, file: { mimetype: string; buffer: Buffer }) {
  if (file.buffer.length > AVATAR_MAX_BYTES) throw avatarTooLarge();
  if (looksLikeSvg(file.buffer)) throw fieldError('avatar', ACCOUNT_MESSAGES.avatar_svg);
  const type = sniffImage(file.buffer);
  if (!type || !(AVATAR_MIME_TYPES as readonly string[]).includes(type))
    throw fieldError('avatar', ACCOUNT_MESSAGES.avatar_type);
  const sharp = await loadSharp();
  let image: Buffer;
  try {
    // Only bytes of the four formats reach the decoder (which would also read SVG, PDF, TIFF…).
    image = await sharp(file.buffer)
      .rotate()
      .resize(256, 256, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw fieldError('avatar', ACCOUNT_MESSAGES.avatar_unreadable);
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
      if (!before) throw userNotFound();
      await updateUserRow(tx, userId, { avatarKey: key, updatedAt: deps.clock.now() });
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
  if (!isMultipart) throw new AppError('unsupported_media_type', ACCOUNT_MESSAGES.avatar_multipart);
}
